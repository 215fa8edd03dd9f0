import { Button, Modal, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SaveForm, useFormSave } from '@parta/shared';
import { type Application, applicationRejectSchema } from '@parta/shared/domain/contracts/applications';
import { useRejectApplication } from '../api/reject-application';

export interface RejectModalProps {
  application: Application;
  opened: boolean;
  onClose: () => void;
  onRejected: () => void;
}

/** Rejection asks for the reason, which stays on the card. */
export function RejectModal({ application, opened, onClose, onRejected }: RejectModalProps) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(applicationRejectSchema, { sync: true }),
  });
  const save = useFormSave(form.setErrors);
  const reject = useRejectApplication(application.id);
  const submit = form.onSubmit((values) =>
    save.run(async () => {
      await reject.mutateAsync(values);
      onRejected();
      onClose();
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={`Отклонить заявку №${application.id}`}>
      <SaveForm
        save={save}
        onSubmit={submit}
        submitLabel="Отклонить"
        submitProps={{ color: 'red' }}
        gap="sm"
        actions={
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
        }
      >
        <Textarea
          label="Причина отказа"
          withAsterisk
          autosize
          minRows={3}
          {...form.getInputProps('reason')}
        />
      </SaveForm>
    </Modal>
  );
}
