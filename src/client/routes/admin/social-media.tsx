// Social Media Links (SPEC §2): the table of links (stacked cards below 1024 px), the Add / Edit
// dialog and delete with confirmation.
import { ExternalLink, LoaderCircle, Pencil, Plus, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SocialLink } from '../../../shared/schemas/social-links';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Tooltip } from '../../components/ui/controls';
import { ConfirmDialog, Dialog, DialogContent } from '../../components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import {
  useAdminSocialLinks,
  useCreateSocialLink,
  useDeleteSocialLink,
  useUpdateSocialLink,
} from '../../features/social/admin-api';
import { SocialIconWithLabel } from '../../features/social/social-icon';
import { SocialLinkForm, type SocialLinkValues } from '../../features/social/social-link-form';
import { useReturnFocus } from '../../features/social/use-return-focus';
import { errorMessage } from '../../lib/http';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

type Editor = { mode: 'create' } | { mode: 'edit'; link: SocialLink };

export default function SocialMediaLinks() {
  useDocumentTitle('Social Media');
  const links = useAdminSocialLinks();
  const createLink = useCreateSocialLink();
  const updateLink = useUpdateSocialLink();
  const deleteLink = useDeleteSocialLink();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<SocialLink | null>(null);
  useReturnFocus(editor !== null);
  useReturnFocus(deleting !== null);

  const openCreate = () => setEditor({ mode: 'create' });

  const save = async (values: SocialLinkValues) => {
    if (!editor) return;
    // The spec's exact texts (SPEC §8 "Social links").
    const texts =
      editor.mode === 'create'
        ? {
            success: 'Social media link created',
            successDescription: 'The social media link has been created successfully.',
            failure: 'Failed to create social media link',
            failureDescription: 'An error occurred while creating the social media link.',
          }
        : {
            success: 'Social media link updated',
            successDescription: 'The social media link has been updated successfully.',
            failure: 'Failed to update social media link',
            failureDescription: 'An error occurred while updating the social media link.',
          };
    try {
      if (editor.mode === 'create') await createLink.mutateAsync(values);
      else await updateLink.mutateAsync({ id: editor.link.id, input: values });
      toast({ title: texts.success, description: texts.successDescription });
      setEditor(null);
    } catch (error) {
      console.warn(`${texts.failure}:`, errorMessage(error));
      toast({ title: texts.failure, description: texts.failureDescription, variant: 'destructive' });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteLink.mutateAsync(deleting.id);
      toast({
        title: 'Social media link deleted',
        description: 'The social media link has been deleted successfully.',
      });
    } catch (error) {
      console.warn('Failed to delete social media link:', errorMessage(error));
      toast({
        title: 'Failed to delete social media link',
        description: 'An error occurred while deleting the social media link.',
        variant: 'destructive',
      });
    } finally {
      setDeleting(null);
    }
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
      {links.isPending ? (
        <Card>
          <CardContent className="flex items-center justify-center gap-3 py-12 text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            <p role="status">Loading social media links...</p>
          </CardContent>
        </Card>
      ) : links.isError ? (
        <Card>
          <CardContent className="py-12 text-center">
            <p role="alert" className="font-medium">
              Failed to load social media links
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{errorMessage(links.error)}</p>
            <Button variant="outline" className="mt-4" onClick={() => void links.refetch()} disabled={links.isFetching}>
              {links.isFetching ? 'Trying again...' : 'Try again'}
            </Button>
          </CardContent>
        </Card>
      ) : links.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center py-12 text-center">
            <Share2 aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />
            <p className="font-medium">No social media links have been added yet</p>
            <Button className="mt-4" onClick={openCreate}>
              <Plus aria-hidden="true" />
              Add your first link
            </Button>
          </CardContent>
        </Card>
      ) : (
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
                {links.data.map((link) => (
                  <TableRow key={link.id}>
                    <TableCell className="font-medium">{link.name}</TableCell>
                    <TableCell>
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex max-w-64 items-center gap-1 text-primary underline-offset-4 hover:underline"
                      >
                        <span className="truncate">{link.url}</span>
                        <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
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
                        <Tooltip label="Edit">
                          <Button
                            variant="ghost"
                            size="iconSm"
                            aria-label={`Edit ${link.name}`}
                            onClick={() => setEditor({ mode: 'edit', link })}
                          >
                            <Pencil aria-hidden="true" />
                          </Button>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <Button
                            variant="ghost"
                            size="iconSm"
                            className="text-destructive hover:text-destructive"
                            aria-label={`Delete ${link.name}`}
                            onClick={() => setDeleting(link)}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </Tooltip>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul aria-label="Social media links" className="space-y-3 lg:hidden">
            {links.data.map((link) => (
              <li key={link.id} className="space-y-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium break-words">{link.name}</p>
                  {link.isVisible ? <Badge variant="green">Visible</Badge> : <Badge variant="grey">Hidden</Badge>}
                </div>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                >
                  <span className="min-w-0 truncate">{link.url}</span>
                  <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
                <div className="flex items-center gap-4 text-sm text-muted-foreground">
                  <SocialIconWithLabel icon={link.icon} />
                  <span>Order {link.order}</span>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${link.name}`}
                    onClick={() => setEditor({ mode: 'edit', link })}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    aria-label={`Delete ${link.name}`}
                    onClick={() => setDeleting(link)}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <Dialog open={editor !== null} onOpenChange={(open) => !open && setEditor(null)}>
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
            />
          </DialogContent>
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !deleteLink.isPending && setDeleting(null)}
        description={
          deleting
            ? `This will permanently delete the ${deleting.name} social media link. This action cannot be undone.`
            : ''
        }
        pending={deleteLink.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </AdminPage>
  );
}
