import { applications } from '../db/schema';
import type { SeedStep } from './step';

/**
 * Demo applications from the landing page: two new (one with the ИНН of Гимназия №2, flagged as
 * already on the platform), one in progress and one rejected.
 */
export const seedApplications: SeedStep = async ({ context }) => {
  const at = (iso: string) => new Date(iso);
  await context.db.insert(applications).values([
    {
      organizationName: 'МАОУ «Лицей №3» г. Красногорска',
      inn: '5024067892',
      region: 'Московская область',
      contactName: 'Белова Марина Сергеевна',
      email: 'belova@licey3.test',
      phone: '+7 495 555-01-03',
      comment: 'Хотим подключиться со второго полугодия, 720 учеников.',
      createdAt: at('2026-11-18T09:12:00Z'),
      consentAt: at('2026-11-18T09:12:00Z'),
    },
    {
      organizationName: 'Гимназия №2 (повторная заявка)',
      inn: '5024054325',
      region: 'Московская область',
      contactName: 'Орлов Павел Андреевич',
      email: 'orlov@gymn2.test',
      phone: '+7 495 555-02-02',
      createdAt: at('2026-11-19T13:40:00Z'),
      consentAt: at('2026-11-19T13:40:00Z'),
    },
    {
      organizationName: 'МБОУ «ООШ №7» с. Ильинское',
      inn: '5032011117',
      region: 'Московская область',
      contactName: 'Громов Игорь Петрович',
      email: 'gromov@oosh7.test',
      phone: '+7 496 555-07-07',
      status: 'in_progress',
      createdAt: at('2026-11-15T07:05:00Z'),
      consentAt: at('2026-11-15T07:05:00Z'),
    },
    {
      organizationName: 'Учебный центр «Старт»',
      inn: '7715123451',
      region: 'г. Москва',
      contactName: 'Ким Алексей',
      email: 'kim@start.test',
      phone: '+7 499 555-11-11',
      status: 'rejected',
      rejectReason: 'Коммерческие курсы, не образовательная организация общего образования',
      createdAt: at('2026-11-10T10:00:00Z'),
      consentAt: at('2026-11-10T10:00:00Z'),
      processedAt: at('2026-11-11T08:30:00Z'),
    },
  ]);
};
