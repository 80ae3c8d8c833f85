// The app form's "On the site" card (issue 11): featured on the home page, hidden from the public site.
import { Controller, type Control } from 'react-hook-form';
import type { AppData, AppInput } from '../../../../shared/schemas/apps';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/controls';
import { Label } from '../../../components/ui/input';

type AppControl = Control<AppInput, unknown, AppData>;

/** A labelled on/off switch bound to a boolean field of the form. */
function FlagSwitch({
  control,
  name,
  label,
  hint,
}: {
  control: AppControl;
  name: 'isFeatured' | 'isHidden';
  label: string;
  hint: string;
}) {
  const id = `app-${name}`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${id}-hint`}
          />
        )}
      />
    </div>
  );
}

export function VisibilityCard({ control }: { control: AppControl }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>On the site</CardTitle>
        <CardDescription>Where the app shows on the public site.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FlagSwitch
          control={control}
          name="isFeatured"
          label="Featured on the home page"
          hint="Featured apps make up the picture collage at the top of the home page."
        />
        <FlagSwitch
          control={control}
          name="isHidden"
          label="Hidden from the public site"
          hint="A hidden app is left out of every list, feed and the sitemap, and its pages answer “not found” to visitors. You can still edit it here."
        />
      </CardContent>
    </Card>
  );
}
