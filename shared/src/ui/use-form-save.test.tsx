import { act, renderHook } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { useFormSave } from './use-form-save';

function answer(status: number, data: unknown): AxiosError {
  const response = { status, data, statusText: '', headers: {}, config: {} } as AxiosResponse;
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', undefined, undefined, response);
}

describe('useFormSave', () => {
  it('puts a 422 answer’s messages next to their fields and shows no general failure', async () => {
    const setErrors = jest.fn();
    const { result } = renderHook(() => useFormSave(setErrors));
    let ok = true;
    await act(async () => {
      ok = await result.current.run(() =>
        Promise.reject(answer(422, { message: 'Проверьте', errors: { login: ['Этот логин уже занят'] } })),
      );
    });
    expect(ok).toBe(false);
    expect(setErrors).toHaveBeenCalledWith({ login: 'Этот логин уже занят' });
    expect(result.current.failure).toBeNull();
    expect(result.current.saving).toBe(false);
  });

  it('shows the server’s message for other failures and clears it on the next success', async () => {
    const { result } = renderHook(() => useFormSave(jest.fn()));
    await act(async () => {
      await result.current.run(() => Promise.reject(answer(409, { message: 'Такой класс уже есть' })));
    });
    expect(result.current.failure).toBe('Такой класс уже есть');
    let ok = false;
    await act(async () => {
      ok = await result.current.run(() => Promise.resolve());
    });
    expect(ok).toBe(true);
    expect(result.current.failure).toBeNull();
  });

  it('is saving while the request runs', async () => {
    const { result } = renderHook(() => useFormSave(jest.fn()));
    let finish: () => void = () => undefined;
    let running: Promise<boolean> = Promise.resolve(true);
    act(() => {
      running = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.saving).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.saving).toBe(false);
  });
});
