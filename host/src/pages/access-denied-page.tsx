import { StatusPage } from '@parta/shared';

/** Shown when the user lacks the right for a screen or the server answered 403 (SPEC §6, §8). */
export function AccessDeniedPage() {
  return (
    <StatusPage code="403" title="Доступ запрещён" actionHref="/dashboard">
      У вас нет прав для просмотра этой страницы. Если доступ нужен для работы, обратитесь к администратору
      вашей организации.
    </StatusPage>
  );
}
