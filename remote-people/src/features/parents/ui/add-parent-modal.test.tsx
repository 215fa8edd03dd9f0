import { AppProviders, createQueryClient } from '@parta/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { AddParentModal } from './add-parent-modal';

describe('AddParentModal', () => {
  it('shows zod’s own field messages in Russian (the contracts set the locale in every app)', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AddParentModal studentId={1} opened onClose={() => undefined} />
      </AppProviders>,
    );
    fireEvent.change(screen.getByLabelText(/Фамилия/), { target: { value: 'Петрова' } });
    fireEvent.change(screen.getByLabelText(/^Имя/), { target: { value: 'Анна' } });
    // The e-mail's length limit has no message of its own in the contract: zod's locale supplies it.
    fireEvent.change(screen.getByLabelText(/Эл. почта/), { target: { value: `${'a'.repeat(200)}@x.ru` } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));

    const message = await screen.findByText(/200/);
    expect(message.textContent).toMatch(/[А-Яа-яЁё]/);
    expect(message.textContent).not.toMatch(/Too big/i);
  });
});
