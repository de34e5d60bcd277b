import { useState } from 'react';
import type { AdminApplication } from '../../../../contracts/applications';
import { Avatar } from '../../../components/avatar';

/** The applicant's photo when they uploaded one, else initials on a gradient. */
export function ApplicantAvatar({
  applicant,
  className = 'size-10 text-sm',
}: {
  applicant: AdminApplication['applicant'];
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (applicant.avatar_url && !failed)
    return (
      <img
        src={applicant.avatar_url}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        onError={() => setFailed(true)}
        className={`shrink-0 rounded-full object-cover ${className}`}
      />
    );
  return <Avatar name={applicant.full_name} email={applicant.email} className={className} />;
}
