// The app form's Screenshots card: at least one, in order (the first is the picture on the app's card).
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../../shared/constants';
import type { AppData, AppInput } from '../../../../shared/schemas/apps';
import { ImageListField, type ImageListTexts } from '../../../components/media/image-list-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

const SCREENSHOT_TEXTS: ImageListTexts = {
  urlLabel: 'Screenshot URL',
  showUrlLabel: true,
  placeholder: 'https://example.com/screenshot.png',
  itemName: (n) => `Screenshot ${n}`,
  noun: 'screenshot',
  listLabel: 'Screenshots',
  empty: 'No screenshots yet.',
  tooMany: `At most ${LIMITS.imagesMax} screenshots`,
  duplicate: 'This screenshot is already in the list',
  upload: 'Upload screenshots',
  uploadAlt: 'Screenshot alt text',
};

export function ScreenshotsCard({
  form,
  onUploadingChange,
}: {
  form: UseFormReturn<AppInput, unknown, AppData>;
  onUploadingChange: (busy: boolean) => void;
}) {
  const { control, setValue, formState } = form;
  const { errors, isSubmitted } = formState;
  const screenshots = useWatch({ control, name: 'screenshots' });
  const error =
    errors.screenshots?.message ??
    errors.screenshots?.root?.message ??
    (Array.isArray(errors.screenshots) ? errors.screenshots.find(Boolean)?.message : undefined);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Screenshots</CardTitle>
        <CardDescription>
          At least one. The first one is the picture on the app&rsquo;s card; drag them, or use the arrows, to change
          the order.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ImageListField
          id="app-screenshots"
          inputId="app-new-screenshot"
          value={screenshots}
          onChange={(next) => setValue('screenshots', next, { shouldDirty: true, shouldValidate: isSubmitted })}
          texts={SCREENSHOT_TEXTS}
          error={error}
          onBusyChange={onUploadingChange}
          itemTestId="screenshot-item"
        />
      </CardContent>
    </Card>
  );
}
