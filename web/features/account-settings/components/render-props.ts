import type { ReactNode } from 'react';

/** The authenticator step (aal2) before a protected change; provided by the route, which composes the auth feature. */
export type StepUpRenderer = (props: { onVerified: () => void; onCancel: () => void }) => ReactNode;

/** The live password-strength meter, also from the auth feature. */
export type PasswordHintRenderer = (props: {
  id: string;
  password: string;
  userInputs: string[];
  serverMessages: string[];
}) => ReactNode;
