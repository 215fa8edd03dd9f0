import { Anchor, Loader, SimpleGrid } from '@mantine/core';
import { PageTitle } from '@parta/shared';
import { DICTIONARIES, type DictionaryName } from '@parta/shared/domain/contracts/registry';
import { Link } from 'react-router-dom';
import { useDictionaries } from '../features/registry/api/get-dictionaries';
import { DictionaryEditor } from '../features/registry/ui/dictionary-editor';
import { paths } from '../lib/paths';

/** Справочники реестра: types, forms and kinds of organizations, edited by the platform administrator. */
export function DictionariesPage() {
  const dictionaries = useDictionaries();
  return (
    <>
      <Anchor component={Link} to={paths.organizations} size="sm">
        ← Реестр организаций
      </Anchor>
      <PageTitle description="Значения, используемые организациями, удалить нельзя — только переименовать">
        Справочники реестра
      </PageTitle>
      {dictionaries.data ? (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {(Object.keys(DICTIONARIES) as DictionaryName[]).map((name) => (
            <DictionaryEditor key={name} dictionary={name} items={dictionaries.data?.[name] ?? []} />
          ))}
        </SimpleGrid>
      ) : (
        <Loader />
      )}
    </>
  );
}
