// Social Media Links (SPEC §2): the table of links (stacked cards below 1024 px), the Add / Edit
// dialog and delete with confirmation.
import { Pencil, Plus, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SocialLink } from '../../../shared/schemas/social-links';
import { ActionButton } from '../../components/ui/action-button';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyCard, QueryState } from '../../components/query-state';
import { ConfirmDialog, Dialog, DialogContent } from '../../components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { NewTabLink } from '../../components/ui/new-tab-link';
import {
  useAdminSocialLinks,
  useCreateSocialLink,
  useDeleteSocialLink,
  useUpdateSocialLink,
} from '../../features/social/admin-api';
import { SocialIconWithLabel } from '../../features/social/social-icon';
import { useGuardedClose } from '../../components/drafts/unsaved-changes';
import { SocialLinkForm, type SocialLinkValues } from '../../features/social/social-link-form';
import { useReturnFocus } from '../../lib/use-return-focus';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

type Editor = { mode: 'create' } | { mode: 'edit'; link: SocialLink };

function LinkActions({
  link,
  compact,
  onEdit,
  onDelete,
}: {
  link: SocialLink;
  compact?: boolean;
  onEdit: (editor: Editor) => void;
  onDelete: (link: SocialLink) => void;
}) {
  return (
    <>
      <ActionButton
        icon={<Pencil aria-hidden="true" />}
        label="Edit"
        name={`Edit ${link.name}`}
        compact={compact}
        onClick={() => onEdit({ mode: 'edit', link })}
      />
      <ActionButton
        icon={<Trash2 aria-hidden="true" />}
        label="Delete"
        name={`Delete ${link.name}`}
        compact={compact}
        destructive
        onClick={() => onDelete(link)}
      />
    </>
  );
}

export default function SocialMediaLinks() {
  useDocumentTitle('Social Media');
  const links = useAdminSocialLinks();
  const createLink = useCreateSocialLink();
  const updateLink = useUpdateSocialLink();
  const deleteLink = useDeleteSocialLink();
  const [editor, setEditor] = useState<Editor | null>(null);
  const guard = useGuardedClose(() => setEditor(null));
  const [deleting, setDeleting] = useState<SocialLink | null>(null);
  useReturnFocus(editor !== null);

  const openCreate = () => setEditor({ mode: 'create' });

  // The toasts and the refresh come with the mutations; a failure keeps the dialog open.
  const save = async (values: SocialLinkValues) => {
    if (!editor) return;
    const saving =
      editor.mode === 'create'
        ? createLink.mutateAsync(values)
        : updateLink.mutateAsync({ id: editor.link.id, input: values });
    await saving.then(
      () => setEditor(null),
      () => undefined,
    );
  };

  const confirmDelete = () => {
    if (deleting) deleteLink.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  return (
    <AdminPage
      title="Social Media Links"
      description="The studio's social media profiles, shown on the site in the order you choose."
      actions={
        <Button onClick={openCreate}>
          <Plus aria-hidden="true" />
          Add New Link
        </Button>
      }
    >
      <QueryState
        query={links}
        loading="Loading social media links..."
        error="Failed to load social media links"
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyCard
            icon={<Share2 aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />}
            action={
              <Button onClick={openCreate}>
                <Plus aria-hidden="true" />
                Add your first link
              </Button>
            }
          >
            No social media links have been added yet
          </EmptyCard>
        }
      >
        {(data) => (
          <>
            <div className="hidden lg:block">
              <Table aria-label="Social media links">
                <TableHeader>
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead>URL</TableHead>
                    <TableHead>Icon</TableHead>
                    <TableHead>Order</TableHead>
                    <TableHead>Visible</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.map((link) => (
                    <TableRow key={link.id}>
                      <TableCell className="font-medium">{link.name}</TableCell>
                      <TableCell>
                        <NewTabLink
                          href={link.url}
                          className="inline-flex max-w-64 items-center gap-1 text-primary underline-offset-4 hover:underline"
                        >
                          <span className="truncate">{link.url}</span>
                        </NewTabLink>
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        <SocialIconWithLabel icon={link.icon} />
                      </TableCell>
                      <TableCell>{link.order}</TableCell>
                      <TableCell>
                        {link.isVisible ? <Badge variant="green">Visible</Badge> : <Badge variant="grey">Hidden</Badge>}
                      </TableCell>
                      <TableCell>
                        <div className="flex justify-end gap-1">
                          <LinkActions link={link} compact onEdit={setEditor} onDelete={setDeleting} />
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul aria-label="Social media links" className="space-y-3 lg:hidden">
              {data.map((link) => (
                <li key={link.id} className="space-y-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-medium break-words">{link.name}</p>
                    {link.isVisible ? <Badge variant="green">Visible</Badge> : <Badge variant="grey">Hidden</Badge>}
                  </div>
                  <NewTabLink
                    href={link.url}
                    className="flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                  >
                    <span className="min-w-0 truncate">{link.url}</span>
                  </NewTabLink>
                  <div className="flex items-center gap-4 text-sm text-muted-foreground">
                    <SocialIconWithLabel icon={link.icon} />
                    <span>Order {link.order}</span>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <LinkActions link={link} onEdit={setEditor} onDelete={setDeleting} />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>

      <Dialog open={editor !== null} onOpenChange={(open) => !open && guard.requestClose()}>
        {editor && (
          <DialogContent
            title={editor.mode === 'create' ? 'Add Social Media Link' : 'Edit Social Media Link'}
            description={
              editor.mode === 'create'
                ? 'Add a link to one of the studio’s social media profiles.'
                : `Change the details of the ${editor.link.name} link.`
            }
          >
            <SocialLinkForm
              key={editor.mode === 'edit' ? editor.link.id : 'new'}
              initial={
                editor.mode === 'edit'
                  ? {
                      name: editor.link.name,
                      url: editor.link.url,
                      icon: editor.link.icon as SocialLinkValues['icon'],
                      isVisible: editor.link.isVisible,
                      order: editor.link.order,
                    }
                  : undefined
              }
              submitLabel={editor.mode === 'create' ? 'Add Link' : 'Save Changes'}
              onSubmit={save}
              onDirtyChange={guard.setDirty}
            />
          </DialogContent>
        )}
      </Dialog>
      {guard.confirm}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !deleteLink.isPending && setDeleting(null)}
        description={
          deleting
            ? `This will permanently delete the ${deleting.name} social media link. This action cannot be undone.`
            : ''
        }
        pending={deleteLink.isPending}
        onConfirm={confirmDelete}
      />
    </AdminPage>
  );
}
