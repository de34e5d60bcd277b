import type { AdminApplication } from '#contracts/applications';
import { Avatar } from '#web/components/avatar';

/** The applicant's photo when they uploaded one, else initials on a gradient. */
export function ApplicantAvatar({
  applicant,
  className = 'size-10 text-sm',
}: {
  applicant: AdminApplication['applicant'];
  className?: string;
}) {
  return (
    <Avatar
      name={applicant.full_name}
      email={applicant.email}
      src={applicant.avatar_url}
      className={className}
    />
  );
}
