import {
  Button,
  Center,
  Container,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';

// The form validates with the contract (zod): loaded with the landing page's form, not with /login.
const ConnectSchoolForm = lazy(() => import('../features/applications/ui/connect-school-form'));

/** Public landing page (empty path) for visitors who are not signed in, with the «Подключить школу» form. */
export function LandingPage() {
  const { hash } = useLocation();
  // «Подключить школу» on the login page links here: a client-side navigation does not scroll by itself.
  useEffect(() => {
    if (hash === '#connect') document.getElementById('connect')?.scrollIntoView();
  }, [hash]);
  return (
    <Container size="lg" py={{ base: 32, sm: 72 }}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 56 }}>
        <Stack gap="lg">
          <Text fw={800} fz={28} c="emerald">
            Parta
          </Text>
          <Title order={1} fz={{ base: 28, sm: 40 }}>
            Электронная школа: журнал, расписание и отчёты в одном месте
          </Title>
          <Text c="dimmed" size="lg">
            Сотрудники, ученики и классы, звонки и нагрузка, журнал с итоговыми оценками, КТП, отчёты и
            дневник.
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
            <Button component="a" href="#connect" variant="light" size="md">
              Подключить школу
            </Button>
          </Group>
        </Stack>
        <Paper id="connect" withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz={24} mb={4}>
            Подключить школу
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            Оставьте заявку: мы проверим данные организации и пришлём вход для директора.
          </Text>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader />
              </Center>
            }
          >
            <ConnectSchoolForm />
          </Suspense>
        </Paper>
      </SimpleGrid>
    </Container>
  );
}
