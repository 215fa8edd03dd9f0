import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { type PersonNameField, PersonNameFields } from './person-name-fields';

const VALUES: Record<string, string> = {
  director_surname: 'Петрова',
  director_name: 'Анна',
  director_patronymic: '',
};

function show(readOnly?: boolean) {
  const onChange = jest.fn();
  const inputProps = (field: PersonNameField) => ({
    value: VALUES[`director_${field}`],
    onChange: (event: { currentTarget: { value: string } }) => onChange(field, event.currentTarget.value),
    error: field === 'name' ? 'Укажите имя' : undefined,
  });
  render(
    <MantineProvider>
      <PersonNameFields inputProps={inputProps} readOnly={readOnly} />
    </MantineProvider>,
  );
  return onChange;
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('PersonNameFields', () => {
  it('asks Фамилия, Имя and Отчество in that order, bound to the fields the form names', () => {
    show();
    expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual([
      'Петрова',
      'Анна',
      '',
    ]);
    expect([field('Фамилия').value, field('Имя').value, field('Отчество').value]).toEqual([
      'Петрова',
      'Анна',
      '',
    ]);
  });

  it('marks Фамилия and Имя as required, Отчество not', () => {
    const { container } = render(
      <MantineProvider>
        <PersonNameFields inputProps={() => ({})} />
      </MantineProvider>,
    );
    const labels = [...container.querySelectorAll('label')];
    expect(labels.map((label) => label.querySelector('.mantine-InputWrapper-required') !== null)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('passes typing and errors through the form’s bindings', () => {
    const onChange = show();
    fireEvent.change(field('Отчество'), { target: { value: 'Сергеевна' } });
    expect(onChange).toHaveBeenCalledWith('patronymic', 'Сергеевна');
    expect(screen.getByText('Укажите имя')).toBeTruthy();
    expect(field('Имя').getAttribute('aria-invalid')).toBe('true');
  });

  it('is read-only as a whole when the form is', () => {
    show(true);
    expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).readOnly)).toEqual([
      true,
      true,
      true,
    ]);
  });
});
