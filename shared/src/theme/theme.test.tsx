import { MantineProvider, Menu, Modal, Select } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { partaTheme, Z_INDEX } from './theme';

/** The z-index of the nearest positioned ancestor that declares one. */
function layerOf(element: HTMLElement): number {
  let node: HTMLElement | null = element;
  while (node) {
    // Mantine sets the layer as z-index or, for modals, as the --mb-z-index variable.
    const value = Number.parseInt(node.style.zIndex || node.style.getPropertyValue('--mb-z-index'), 10);
    if (!Number.isNaN(value)) return value;
    node = node.parentElement;
  }
  return 0;
}

describe('partaTheme layers', () => {
  it('keeps the SPEC layer values', () => {
    expect(Z_INDEX).toMatchObject({ menu: 1000, overlay: 1000, modal: 1100, tooltip: 1100 });
  });

  it('opens a select dropdown above the modal it sits in', () => {
    render(
      <MantineProvider theme={partaTheme}>
        <Modal opened onClose={() => {}} title="Окно" transitionProps={{ duration: 0 }}>
          <Select
            label="Класс"
            data={['5А', '5Б']}
            dropdownOpened
            comboboxProps={{ transitionProps: { duration: 0 } }}
          />
        </Modal>
      </MantineProvider>,
    );
    const modalLayer = layerOf(screen.getByRole('dialog'));
    const dropdownLayer = layerOf(screen.getByRole('listbox'));
    expect(modalLayer).toBe(Z_INDEX.modal);
    expect(dropdownLayer).toBeGreaterThan(modalLayer);
  });

  it('puts menus on the popover layer', () => {
    render(
      <MantineProvider theme={partaTheme}>
        <Menu opened transitionProps={{ duration: 0 }}>
          <Menu.Target>
            <button type="button">Профиль</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Выход</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </MantineProvider>,
    );
    expect(layerOf(screen.getByRole('menu'))).toBe(Z_INDEX.popover);
  });
});
