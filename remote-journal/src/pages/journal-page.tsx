import { Alert, Anchor, Badge, Button, Group, Loader, SegmentedControl, Text } from '@mantine/core';

import {
  formatDate,
  fullName,
  getErrorMessage,
  PageTitle,
  queryKeys,
  useRevealInSlices,
} from '@parta/shared';

import { onlineManager } from '@tanstack/react-query';

import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';

import { Link, useParams, useSearchParams } from 'react-router-dom';

import { useJournal } from '../features/journal/api/get-journal';
import { useCellSaveQueue, useCellSaveStates } from '../features/journal/api/save-cell';
import { periodOfDay } from '../features/journal/model/today-column';
import { HistoryDrawer } from '../features/journal/ui/history-drawer';
import { JournalGrid } from '../features/journal/ui/journal-grid';
import { TopicModal } from '../features/journal/ui/topic-modal';
import { journalPaths } from '../lib/paths';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Журнал одной нагрузки (journal.organization.ids): the grid of a class and subject over a period. */
export function JournalPage() {
  useCellSaveQueue();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const request = {
    groupId: Number(params.groupId),
    loadId: Number(params.loadId),
    periodId: search.get('period') ? Number(search.get('period')) : undefined,
  };
  const journal = useJournal(request);
  // A lesson opened from the dashboard names its day (?date=): the grid opens at it, in its term.
  const askedDay = search.get('date');
  const dayTerm =
    askedDay && journal.data && request.periodId === undefined
      ? periodOfDay(journal.data.periods, askedDay)
      : null;
  const otherTerm = dayTerm && dayTerm.id !== journal.data?.period.id ? dayTerm.id : null;
  useEffect(() => {
    if (otherTerm !== null && askedDay)
      setSearch({ period: String(otherTerm), date: askedDay }, { replace: true });
  }, [otherTerm, askedDay, setSearch]);
  const gridKey = useMemo(
    () =>
      queryKeys.journal.grid({
        groupId: request.groupId,
        loadId: request.loadId,
        periodId: request.periodId,
      }),
    [request.groupId, request.loadId, request.periodId],
  );
  const saves = useCellSaveStates();
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const [lessonId, setLessonId] = useState<number | null>(null);
  const [cursor, setCursor] = useState<{ lessonId: number; studentId: number } | null>(null);
  const [historyOf, setHistoryOf] = useState<{ lessonId: number; studentId: number } | null>(null);
  const onCursorChange = useCallback(
    (cell: { lessonId: number; studentId: number } | null) => setCursor(cell),
    [],
  );
  const states = [...saves.values()];
  const queued = states.filter((status) => status.state === 'queued').length;
  const saving = states.filter((status) => status.state === 'saving').length;
  const offline = !online || queued > 0;
  // The grid is hundreds of cells: drawn in slices when its answer comes, not in one long task.
  const revealed = useRevealInSlices(journal.data !== undefined);
  // And the grid one transition after the heading: the period switch measures itself once drawn,
  // which, with a thousand cells already on the page, laid them all out inside one long task.
  const gridRevealed = useRevealInSlices(revealed);

  if (journal.error) {
    return (
      <>
        <PageTitle>Журнал</PageTitle>
        <Alert color="red">{getErrorMessage(journal.error, 'Не удалось открыть журнал')}</Alert>
      </>
    );
  }
  // The asked day is in another term: that term's grid comes next, this one is not drawn first (a
  // teacher tapping Monday's lesson in the holidays saw the last term's journal flash up).
  if (!journal.data || !revealed || otherTerm !== null) return <Loader />;
  const grid = journal.data;
  const terms = grid.periods.filter((period) => period.kind !== 'year');
  const lesson = grid.lessons.find((item) => item.id === lessonId) ?? null;
  const historyTitle = (() => {
    if (!historyOf) return '';
    const student = grid.students.find((item) => item.id === historyOf.studentId);
    const day = grid.lessons.find((item) => item.id === historyOf.lessonId);
    return `${fullName(student)}, ${formatDate(day?.date)}`;
  })();
  const subject = grid.load.subgroup_name
    ? `${grid.load.subject_name}, ${grid.load.subgroup_name}`
    : grid.load.subject_name;

  return (
    <>
      <PageTitle
        description={
          <>
            {grid.load.teacher_name ?? 'Учитель не назначен'} · {formatDate(grid.period.start_date)}–
            {formatDate(grid.period.end_date)} ·{' '}
            <Anchor component={Link} to={journalPaths.index}>
              другой журнал
            </Anchor>
          </>
        }
        actions={
          <Group gap="xs">
            {grid.load.graded ? null : (
              <Badge color="grape" variant="light" tt="none" data-testid="journal-without-marks">
                без отметок
              </Badge>
            )}
            {grid.editable ? null : (
              <Badge color="gray">{grid.period.closed ? 'Период закрыт' : 'Только чтение'}</Badge>
            )}
            <Button variant="light" disabled={!cursor} onClick={() => setHistoryOf(cursor)}>
              История клетки
            </Button>
          </Group>
        }
      >
        {`${grid.load.group_name} · ${subject}`}
      </PageTitle>
      <Group mb="sm" gap="sm">
        <SegmentedControl
          aria-label="Период"
          data={terms.map((period) => ({ value: String(period.id), label: period.name }))}
          value={String(grid.period.id)}
          onChange={(value) => setSearch({ period: value })}
        />
        <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="save-summary">
          {offline
            ? `Нет связи: ${queued} изм. в очереди, отправим при подключении`
            : saving > 0
              ? `Сохраняется: ${saving}`
              : 'Все изменения сохранены'}
        </Text>
      </Group>
      {offline ? (
        <Alert color="yellow" mb="sm" data-testid="offline-banner">
          Нет связи с сервером. Отметки не потеряются: они в очереди на этом устройстве и будут отправлены,
          когда связь вернётся.
        </Alert>
      ) : null}
      {grid.lessons.length === 0 ? (
        <Text c="dimmed">В этом периоде уроков по расписанию нет</Text>
      ) : !gridRevealed ? (
        <Loader />
      ) : (
        <JournalGrid
          grid={grid}
          gridKey={gridKey}
          onLessonOpen={setLessonId}
          onCursorChange={onCursorChange}
          openDay={askedDay ?? grid.today}
          // Another term is another grid, opened at its own column.
          key={grid.period.id}
        />
      )}
      <TopicModal lesson={lesson} readOnly={!grid.editable} onClose={() => setLessonId(null)} />
      <HistoryDrawer cell={historyOf} title={historyTitle} onClose={() => setHistoryOf(null)} />
    </>
  );
}
