// The app privacy editor's form values and the rows' answers, as the stores word them.
import type { AppPrivacyAdmin, DataCategory, DataRowInput } from '../../../../shared/schemas/app-privacy';

export type FormValues = {
  usesStudioPolicy: boolean;
  content: string;
  dataCollected: DataRowInput[];
  noDataCollected: boolean;
  /** Empty: today (the server's day). Each save starts from empty again. */
  effectiveOn: string;
};

export const toValues = (policy: AppPrivacyAdmin | null): FormValues => ({
  usesStudioPolicy: policy?.usesStudioPolicy ?? false,
  content: policy?.ownContent ?? '',
  dataCollected: (policy?.dataCollected ?? []) as DataRowInput[],
  noDataCollected: policy?.noDataCollected ?? false,
  effectiveOn: '',
});

/** The fields the conflict view compares, by their names on the screen. */
export const LABELS: Record<Exclude<keyof FormValues, 'effectiveOn'>, string> = {
  usesStudioPolicy: 'Use the studio’s privacy policy',
  content: 'Privacy policy of this app',
  dataCollected: 'Data we collect',
  noDataCollected: 'This app collects no data',
};

/** The yes/no answers of a row, as the stores word them. */
export const ANSWERS: { key: keyof DataRowInput & string; label: string; store: string }[] = [
  { key: 'linkedToUser', label: 'Linked to the user’s identity', store: 'App Store' },
  { key: 'usedForTracking', label: 'Used for tracking', store: 'App Store' },
  { key: 'sharedWithThirdParties', label: 'Shared with third parties', store: 'Play' },
  { key: 'optional', label: 'Optional (users can choose not to give it)', store: 'Play' },
  { key: 'encryptedInTransit', label: 'Encrypted in transit', store: 'Play' },
  { key: 'canBeDeleted', label: 'Users can ask for it to be deleted', store: 'Play' },
];

export function newRow(category: DataCategory, dataType: string): DataRowInput {
  return {
    category,
    dataType,
    linkedToUser: false,
    usedForTracking: false,
    purposes: ['App Functionality'],
    sharedWithThirdParties: false,
    optional: false,
    encryptedInTransit: true,
    canBeDeleted: true,
  };
}
