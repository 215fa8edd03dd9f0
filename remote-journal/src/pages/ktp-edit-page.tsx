import { Alert, Button, Loader, Paper } from '@mantine/core';
import { getErrorMessage, PageTitle, useIdParam, usePermissions } from '@parta/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { exportKtp } from '../features/ktp/api/export-ktp';
import { useKtpPlan } from '../features/ktp/api/get-ktp-plan';
import { ApplyKtpModal } from '../features/ktp/ui/apply-ktp-modal';
import { CopyPlanModal } from '../features/ktp/ui/copy-plan-modal';
import { ImportKtpModal } from '../features/ktp/ui/import-ktp-modal';
import { ItemsEditor } from '../features/ktp/ui/items-editor';

type Dialog = 'import' | 'apply' | 'copy' | null;

/** Редактирование КТП (ktp.edit): items in place, import/export .xlsx, copy, apply to lessons. */
export function KtpEditPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const plan = useKtpPlan(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const editable = can('ktp.edit');

  if (plan.error) return <Alert color="red">{getErrorMessage(plan.error, 'План не найден')}</Alert>;
  if (!plan.data) return <Loader />;
  const data = plan.data;

  return (
    <>
      <PageTitle
        description={`${data.subject_name} · ${data.group_name ?? `${data.grade}-е классы`} · ${data.teacher_name ?? 'учитель не назначен'} · ${data.academic_year}`}
        actions={
          <>
            <Button variant="default" onClick={() => exportKtp(data.id)}>
              Скачать .xlsx
            </Button>
            {editable ? (
              <>
                <Button variant="default" onClick={() => setDialog('import')}>
                  Импорт из Excel
                </Button>
                <Button variant="default" onClick={() => setDialog('copy')}>
                  Копировать
                </Button>
                <Button onClick={() => setDialog('apply')}>Применить к урокам</Button>
              </>
            ) : null}
          </>
        }
      >
        {data.name}
      </PageTitle>
      <Paper withBorder radius="md" p="xs">
        {/* Keyed by the saved items, so an import or an apply (planned dates) shows the server's list. */}
        <ItemsEditor
          key={data.items.map((item) => `${item.id}:${item.planned_date}`).join('|')}
          planId={data.id}
          items={data.items}
          readOnly={!editable}
        />
      </Paper>
      <ImportKtpModal planId={data.id} opened={dialog === 'import'} onClose={() => setDialog(null)} />
      <ApplyKtpModal plan={data} opened={dialog === 'apply'} onClose={() => setDialog(null)} />
      <CopyPlanModal
        plan={data}
        opened={dialog === 'copy'}
        onClose={() => setDialog(null)}
        onCopied={(copied) => {
          setDialog(null);
          navigate(`/ktp/${copied}`);
        }}
      />
    </>
  );
}
