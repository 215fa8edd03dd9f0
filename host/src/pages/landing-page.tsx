import { Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Public landing page (empty path) for visitors who are not signed in. */
export function LandingPage() {
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack gap="lg">
        <Text fw={800} fz={28} c="emerald">
          Parta
        </Text>
        <Title order={1} fz={{ base: 28, sm: 40 }}>
          Электронная школа: журнал, расписание и отчёты в одном месте
        </Title>
        <Text c="dimmed" size="lg">
          Сотрудники, ученики и классы, звонки и нагрузка, журнал с итоговыми оценками, КТП, отчёты и дневник.
        </Text>
        <List spacing={4}>
          <List.Item>Права доступа по ролям: директор, завуч, учитель, ученик, родитель</List.Item>
          <List.Item>Отчёты по успеваемости и качеству знаний без ручных подсчётов</List.Item>
          <List.Item>Работает на телефоне и в тёмной теме</List.Item>
        </List>
        <Group>
          <Button component={Link} to="/login" size="md">
            Войти
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
