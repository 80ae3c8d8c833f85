// What a server render knows besides the page's data: the outcome of a form sent without JavaScript.
import { createContext } from 'react';
import type { ContactFormProps } from '../islands/contact-form';

export const ContactFormContext = createContext<ContactFormProps>({});
