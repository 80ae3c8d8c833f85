// The contact form's fields and the spec's messages for them (SPEC §5), shared by the specs that fill it in.
export const ERRORS = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Invalid email address',
  subject: 'Subject is required',
  message: 'Message must be at least 10 characters',
};
export const FIELDS = ['firstName', 'lastName', 'email', 'subject', 'message'] as const;
export type FieldName = (typeof FIELDS)[number];
export type Values = Record<FieldName, string>;
