import { Button } from '@mantine/core';
import { StatusPage, useLogout } from '@parta/shared';

/** Shown when the server answers 402: the organization's balance is exhausted (SPEC §2, §8). */
export function PaymentRequiredPage() {
  const logout = useLogout();
  return (
    <StatusPage code="402" title="Требуется оплата" actionHref="/dashboard" actionLabel="Проверить снова">
      Доступ вашей организации приостановлен: на балансе недостаточно средств. Пополните баланс или обратитесь
      к администратору платформы.
      <Button variant="subtle" color="gray" display="block" mx="auto" mt="sm" onClick={() => void logout()}>
        Выйти
      </Button>
    </StatusPage>
  );
}
