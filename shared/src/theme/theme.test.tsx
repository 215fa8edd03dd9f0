import { MantineProvider, Menu, Modal, Select } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import { partaTheme, partaThemeFor, Z_INDEX } from './theme';

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

describe('partaThemeFor: the calendars follow the school week', () => {
  /** Saturday 05.12.26 and Sunday 06.12.26 in a month calendar of December 2026. */
  function weekendOf(workingDaysPerWeek: number) {
    render(
      <MantineProvider theme={partaThemeFor(workingDaysPerWeek)}>
        <Calendar defaultDate="2026-12-01" />
      </MantineProvider>,
    );
    const day = (label: string) => screen.getByRole('button', { name: label });
    return {
      saturday: day('5 декабря 2026').hasAttribute('data-weekend'),
      sunday: day('6 декабря 2026').hasAttribute('data-weekend'),
    };
  }

  it('a six-day school: only Sunday is a day off', () => {
    expect(weekendOf(6)).toEqual({ saturday: false, sunday: true });
  });

  it('keeps one theme object per week length (a six-day school is not redrawn when its user arrives)', () => {
    expect(partaThemeFor(undefined)).toBe(partaThemeFor(6));
    expect(partaThemeFor(5)).toBe(partaThemeFor(5));
    expect(partaThemeFor(5)).not.toBe(partaThemeFor(6));
  });

  it('a five-day school: Saturday and Sunday are days off', () => {
    expect(weekendOf(5)).toEqual({ saturday: true, sunday: true });
  });
});
