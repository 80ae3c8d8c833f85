// The app form's issue-13 cards: App page, Stores & platforms, Price & release, Pre-launch links.
// Part of the app's one form (their values go out with the app: values.ts says which).
import type { ComponentProps } from 'react';
import { Controller, useWatch, type FieldError, type Merge, type UseFormReturn } from 'react-hook-form';
import { paths } from '../../../../shared/paths';
import {
  APP_KINDS,
  PLATFORMS,
  PLATFORM_NAMES,
  parseTrailer,
  type AppData,
  type AppInput,
} from '../../../../shared/schemas/apps';
import { SLUG_MAX, SLUG_PATTERN, appSlug } from '../../../../shared/slug';
import { RichTextField } from '../../../components/forms/rich-text-field';
import { MediaImageField } from '../../../components/media/image-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/controls';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { FieldError as FieldMessage, Input, Label, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import type { LIST_FIELDS, StoreField } from './values';

const KIND_LABELS: Record<(typeof APP_KINDS)[number], { label: string; hint: string }> = {
  app: { label: 'App', hint: 'Described to search engines as an application.' },
  game: { label: 'Game', hint: 'Described to search engines as a video game.' },
};

const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'BRL', 'INR'];

/** The message of a list field's error: its own, or its first line's ("Line 2: …"). */
function listError(
  error: Merge<FieldError, (FieldError | undefined)[]> | undefined,
  lines: string[] | undefined,
): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  const filled = (lines ?? []).flatMap((line, i) => (line.trim() ? [i + 1] : []));
  const items = Array.isArray(error) ? (error as (FieldError | undefined)[]) : [];
  const index = items.findIndex((item) => item?.message);
  if (index < 0) return error.root?.message;
  return `Line ${filled[index] ?? index + 1}: ${items[index]!.message}`;
}

const hintText = 'text-xs text-muted-foreground';

type Form = UseFormReturn<AppInput, unknown, AppData>;

/** A textarea holding a list, one item per line. */
function LinesField({
  form,
  name,
  label,
  hint,
  placeholder,
}: {
  form: Form;
  name: (typeof LIST_FIELDS)[number];
  label: string;
  hint: string;
  placeholder: string;
}) {
  const id = `app-${name}`;
  const lines = useWatch({ control: form.control, name });
  const message = listError(form.formState.errors[name], lines);
  return (
    <FormField id={id} label={label} hint={hint} error={message} className="sm:col-span-2">
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Textarea
            id={id}
            ref={field.ref}
            rows={3}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            placeholder={placeholder}
            className="font-mono text-xs sm:text-sm"
            value={(field.value ?? []).join('\n')}
            onChange={(e) => field.onChange(e.target.value.split('\n'))}
            onBlur={field.onBlur}
            {...fieldAria(id, message, true)}
          />
        )}
      />
    </FormField>
  );
}

/** A plain text field of the issue-13 cards, with its hint and error. */
function TextField({
  form,
  name,
  label,
  hint,
  className,
  ...input
}: {
  form: Form;
  name: Exclude<StoreField, 'kind' | 'platforms' | 'comingSoon' | (typeof LIST_FIELDS)[number]>;
  label: string;
  hint: string;
  className?: string;
} & Pick<
  ComponentProps<'input'>,
  'placeholder' | 'inputMode' | 'type' | 'maxLength' | 'autoCapitalize' | 'list' | 'spellCheck'
>) {
  const id = `app-${name}`;
  const message = form.formState.errors[name]?.message;
  return (
    <FormField id={id} label={label} hint={hint} error={message} className={className}>
      <Input id={id} autoComplete="off" {...input} {...form.register(name)} {...fieldAria(id, message, true)} />
    </FormField>
  );
}

/** A choice between options shown as radio cards (native radios: arrow keys move between them). */
function RadioCards({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string; hint?: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm leading-none font-medium">{legend}</legend>
      <div className="grid gap-2 pt-1 sm:grid-cols-2">
        {options.map((o) => {
          const id = `${name}-${o.value}`;
          return (
            <label
              key={o.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                value === o.value && 'border-primary bg-accent/40',
              )}
            >
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={value === o.value}
                onChange={() => onChange(o.value)}
                aria-labelledby={`${id}-label`}
                aria-describedby={o.hint ? `${id}-hint` : undefined}
                className="mt-0.5 size-4 accent-primary focus-visible:outline-none"
              />
              <span className="space-y-0.5">
                <span id={`${id}-label`} className="block font-medium">
                  {o.label}
                </span>
                {o.hint && (
                  <span id={`${id}-hint`} className="block text-xs text-muted-foreground">
                    {o.hint}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function AppStoreCards({
  form,
  paid,
  onPaidChange,
  onEditorBusyChange,
}: {
  form: Form;
  /** Paid or free: the amount and currency show only for a paid app. */
  paid: boolean;
  onPaidChange: (paid: boolean) => void;
  onEditorBusyChange: (busy: boolean) => void;
}) {
  const { control, formState, setValue } = form;
  const { errors, isSubmitted } = formState;
  const [title, slug, trailer] = useWatch({ control, name: ['title', 'slug', 'trailer'] });

  const wantedSlug = (slug ?? '').trim();
  const address = wantedSlug
    ? SLUG_PATTERN.test(wantedSlug) && !/^\d+$/.test(wantedSlug)
      ? paths.app(wantedSlug)
      : null
    : title?.trim()
      ? paths.app(appSlug(title))
      : null;
  const video = trailer?.trim() ? parseTrailer(trailer) : null;

  const choosePrice = (next: boolean) => {
    onPaidChange(next);
    if (!next) {
      // Free: no amount and no currency are kept.
      setValue('priceAmount', '', { shouldDirty: true, shouldValidate: isSubmitted });
      setValue('priceCurrency', '', { shouldDirty: true, shouldValidate: isSubmitted });
    }
  };

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>App page</CardTitle>
          <CardDescription>
            The app&rsquo;s own page on the site, and what search engines and link previews show. All optional.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField
            id="app-slug"
            label="Slug"
            className="sm:col-span-2"
            error={errors.slug?.message}
            hint={
              <>
                Lower-case letters, digits and hyphens. Leave empty to make it from the title.{' '}
                <span data-testid="app-address">
                  {address ? (
                    <>
                      The page&rsquo;s address: <code className="font-mono text-foreground">{address}</code>
                      {!wantedSlug && ' (or with -2, -3… if another app has it)'}
                    </>
                  ) : null}
                </span>
              </>
            }
          >
            <div className="flex items-stretch">
              <span
                aria-hidden="true"
                className="inline-flex items-center rounded-l-md border border-r-0 border-input bg-muted px-3 font-mono text-sm text-muted-foreground"
              >
                /apps/
              </span>
              <Input
                id="app-slug"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={SLUG_MAX + 20}
                placeholder={title?.trim() ? appSlug(title) : 'my-game'}
                className="min-w-0 flex-1 rounded-l-none font-mono"
                {...form.register('slug')}
                {...fieldAria('app-slug', errors.slug?.message, true)}
              />
            </div>
          </FormField>

          <div className="sm:col-span-2">
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <RadioCards
                  legend="Kind"
                  name="app-kind"
                  value={field.value ?? 'app'}
                  onChange={field.onChange}
                  options={APP_KINDS.map((k) => ({ value: k, ...KIND_LABELS[k] }))}
                />
              )}
            />
            <FieldMessage id="app-kind-error" message={errors.kind?.message} />
          </div>

          <TextField
            form={form}
            name="category"
            label="Category"
            hint="As in the stores, e.g. Puzzle, Adventure, Productivity."
            maxLength={100}
          />
          <TextField
            form={form}
            name="tagline"
            label="Tagline"
            className="sm:col-span-2"
            hint="One short line under the title (at most 120 characters)."
            maxLength={120}
          />

          <RichTextField
            control={control}
            name="longDescription"
            id="app-longDescription"
            label="About this app"
            className="sm:col-span-2"
            hint="The long text on the app's page: what it is, features, what's new. Headings, lists and links are kept."
            minHeight={220}
            onBusyChange={onEditorBusyChange}
          />

          <FormField
            id="app-trailer"
            label="Trailer"
            className="sm:col-span-2"
            error={errors.trailer?.message}
            hint={
              <>
                Paste the video&rsquo;s YouTube link (youtube.com/watch?v=…, youtu.be/…) or Vimeo link (vimeo.com/…), or
                just its id.{' '}
                {video && (
                  <span className="text-foreground" data-testid="trailer-recognised">
                    {video.provider === 'youtube' ? 'YouTube' : 'Vimeo'} video {video.id}.
                  </span>
                )}
              </>
            }
          >
            <Input
              id="app-trailer"
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://www.youtube.com/watch?v=..."
              {...form.register('trailer')}
              {...fieldAria('app-trailer', errors.trailer?.message, true)}
            />
          </FormField>

          <Controller
            control={control}
            name="shareImage"
            render={({ field }) => (
              <MediaImageField
                id="app-shareImage"
                label="Share image"
                className="sm:col-span-2"
                empty="Automatic"
                hint="What link previews (chats, social networks) show for this app's page and its posts without one of their own. Choose a wide JPEG or PNG, ideally 1200 × 630 pixels or larger. Automatic: the first wide screenshot, else a card with the app's name and icon."
                value={field.value ?? ''}
                error={errors.shareImage?.message}
                onChange={(value) => field.onChange(value)}
              />
            )}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Stores &amp; platforms</CardTitle>
          <CardDescription>
            Where the app runs, and the store ids the site needs for its store badges, Smart App Banner and app links.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <fieldset className="space-y-2 sm:col-span-2" aria-describedby="app-platforms-hint">
            <legend className="text-sm leading-none font-medium">Platforms</legend>
            <Controller
              control={control}
              name="platforms"
              render={({ field }) => {
                const chosen = field.value ?? [];
                return (
                  <div className="flex flex-wrap gap-x-5 gap-y-3 pt-1">
                    {PLATFORMS.map((p) => (
                      <div key={p} className="flex items-center gap-2">
                        <Checkbox
                          id={`app-platform-${p}`}
                          checked={chosen.includes(p)}
                          onCheckedChange={(checked) =>
                            field.onChange(
                              checked === true
                                ? PLATFORMS.filter((x) => x === p || chosen.includes(x))
                                : chosen.filter((x) => x !== p),
                            )
                          }
                          onBlur={field.onBlur}
                        />
                        <Label htmlFor={`app-platform-${p}`} className="cursor-pointer">
                          {PLATFORM_NAMES[p]}
                        </Label>
                      </div>
                    ))}
                  </div>
                );
              }}
            />
            <p id="app-platforms-hint" className={hintText}>
              Every platform the app is on or coming to.
            </p>
            <FieldMessage
              id="app-platforms-error"
              message={
                errors.platforms?.message ??
                (Array.isArray(errors.platforms) ? errors.platforms.find(Boolean)?.message : undefined)
              }
            />
          </fieldset>

          <TextField
            form={form}
            name="appleAppId"
            label="Apple app id"
            hint="App Store Connect › App Information › Apple ID (or paste the App Store link)."
            inputMode="numeric"
            placeholder="1234567890"
          />
          <TextField
            form={form}
            name="appleBundleId"
            label="Bundle id"
            hint="App Store Connect › App Information › Bundle ID."
            autoCapitalize="off"
            spellCheck={false}
            placeholder="com.studio.game"
          />
          <TextField
            form={form}
            name="appleTeamId"
            label="Apple team id"
            hint="developer.apple.com › Account › Membership details › Team ID (10 characters)."
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={10}
            placeholder="A1B2C3D4E5"
          />
          <TextField
            form={form}
            name="googlePlayPackage"
            label="Google Play package name"
            hint="Play Console › the app › under its name (or paste the Google Play link)."
            autoCapitalize="off"
            spellCheck={false}
            placeholder="com.studio.game"
          />
          <LinesField
            form={form}
            name="androidFingerprints"
            label="Android signing-certificate fingerprints (SHA-256)"
            hint="One per line. Play Console › Test and release › App integrity › App signing key certificate › SHA-256; add the upload key's too if you install test builds."
            placeholder="AB:CD:EF:…:12 (32 pairs)"
          />
          <LinesField
            form={form}
            name="appLinkPaths"
            label="App link paths"
            hint="One per line: pages of this site the installed app opens instead of the browser (universal links and app links). Use * as a wildcard."
            placeholder={'/apps/my-game/*'}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Price &amp; release</CardTitle>
          <CardDescription>Shown on the app&rsquo;s page and told to search engines.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <RadioCards
              legend="Price"
              name="app-price"
              value={paid ? 'paid' : 'free'}
              onChange={(v) => choosePrice(v === 'paid')}
              options={[
                { value: 'free', label: 'Free', hint: 'Free to download (in-app purchases are fine).' },
                { value: 'paid', label: 'Paid', hint: 'Sold at a price, in one currency.' },
              ]}
            />
          </div>
          {paid && (
            <>
              <TextField
                form={form}
                name="priceAmount"
                label="Amount"
                hint="The store price, with a dot for decimals, e.g. 4.99."
                inputMode="decimal"
                placeholder="4.99"
              />
              <TextField
                form={form}
                name="priceCurrency"
                label="Currency"
                hint="Three-letter code, e.g. USD, EUR, GBP."
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={3}
                placeholder="USD"
                list="app-currencies"
                className="[&_input]:uppercase"
              />
              <datalist id="app-currencies">
                {CURRENCIES.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </>
          )}
          <TextField
            form={form}
            name="releaseDate"
            label="Release date"
            type="date"
            hint="The day it came out, or will. Leave empty if there is no date yet."
          />
          <div className="flex items-start gap-3 sm:pt-7">
            <Controller
              control={control}
              name="comingSoon"
              render={({ field }) => (
                <Checkbox
                  id="app-comingSoon"
                  className="mt-0.5"
                  checked={Boolean(field.value)}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-describedby="app-comingSoon-hint"
                />
              )}
            />
            <div className="space-y-1">
              <Label htmlFor="app-comingSoon" className="cursor-pointer">
                Coming soon
              </Label>
              <p id="app-comingSoon-hint" className={hintText}>
                Not out yet: the page says so instead of a download button.
              </p>
            </div>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Pre-launch links</CardTitle>
          <CardDescription>Optional. Before release, the app&rsquo;s page offers these instead.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <TextField
            form={form}
            name="preRegisterLink"
            label="Pre-registration link"
            type="url"
            inputMode="url"
            hint="Google Play: the app's store link once pre-registration is on (Play Console › Pre-registration)."
            placeholder="https://play.google.com/store/apps/details?id=..."
          />
          <TextField
            form={form}
            name="preOrderLink"
            label="Pre-order link"
            type="url"
            inputMode="url"
            hint="App Store: the app's store link once pre-order is on (App Store Connect › Pricing and Availability)."
            placeholder="https://apps.apple.com/app/id..."
          />
          <TextField
            form={form}
            name="wishlistLink"
            label="Wishlist link"
            type="url"
            inputMode="url"
            className="sm:col-span-2"
            hint="Steam or itch.io: the store page where players add it to their wishlist."
            placeholder="https://store.steampowered.com/app/..."
          />
        </CardContent>
      </Card>
    </>
  );
}
