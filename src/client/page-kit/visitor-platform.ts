// The visitor's platform as the server read it from the User-Agent (pages that vary by it only).
import { createContext, useContext } from 'react';
import type { VisitorPlatform } from '../../shared/visitor-platform';

export const VisitorPlatformContext = createContext<VisitorPlatform>('other');

export const useVisitorPlatform = () => useContext(VisitorPlatformContext);
