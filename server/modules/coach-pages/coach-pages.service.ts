import {
  DEFAULT_COLORS,
  DEFAULT_SECTIONS,
  fontOf,
  type Branding,
  type BrandingValues,
  type CoachPage,
  type OwnBranding,
} from '#contracts/coach-pages';
import type { Clock } from '#domain/clock';
import { ON_DEMAND_DEFAULT_RATES as DEFAULT_RATES } from '#domain/money/pricing';
import { AppError } from '#domain/errors/app-error';
import type { Database } from '#server/db/client';
import type { CoachPageRow, CoachPagesRepository, WebsiteRow } from './coach-pages.repository';

function brandingOf(website: WebsiteRow | null, customFonts: unknown): Branding {
  return {
    font: fontOf(customFonts),
    primary_color: website?.primaryColor ?? DEFAULT_COLORS.primary_color,
    accent_color: website?.accentColor ?? DEFAULT_COLORS.accent_color,
    background_color: website?.backgroundColor ?? DEFAULT_COLORS.background_color,
    headline: website?.headline ?? null,
    sections: website?.sections ?? DEFAULT_SECTIONS,
  };
}

/** The public page: what a toggle hides is left out of the answer, not sent as null. */
function toCoachPage({ profile, stats, website, categories, listed, busy }: CoachPageRow): CoachPage {
  return {
    id: profile.id,
    coach_id: profile.userId,
    username: profile.username,
    full_name: profile.fullName,
    professional_title: profile.professionalTitle,
    coach_tagline: profile.coachTagline,
    short_bio: profile.shortBio,
    about_me: profile.aboutMe,
    work_experience: profile.workExperience,
    avatar_url: profile.avatarUrl,
    cover_image_url: profile.coverImageUrl,
    categories,
    listed,
    rates: {
      text: profile.onDemandTextPrice ?? DEFAULT_RATES.text,
      audio: profile.onDemandAudioPrice ?? DEFAULT_RATES.audio,
      video: profile.onDemandVideoPrice ?? DEFAULT_RATES.video,
    },
    display: {
      show_services_prominently: profile.showServicesProminently,
      show_service_badges: profile.showServiceBadges,
      enable_follow_button: profile.enableFollowButton,
      enable_notify_button: profile.enableNotifyButton,
      enable_live_preview_labels: profile.enableLivePreviewLabels,
    },
    ...(profile.showOnlineStatus
      ? {
          online: {
            is_online: profile.isOnline,
            availability_message: profile.customAvailabilityMessage,
            is_busy: busy,
          },
        }
      : {}),
    ...(profile.showCoachStats
      ? {
          stats: {
            total_sessions: stats?.totalSessions ?? 0,
            total_clients: stats?.totalClients ?? 0,
            avg_response_time: stats?.avgResponseTime ?? null,
            on_time_percentage: stats?.onTimePercentage ?? null,
            rating_average:
              stats?.ratingAverage === null || stats?.ratingAverage === undefined
                ? null
                : Number(stats.ratingAverage),
            total_reviews: stats?.totalReviews ?? 0,
          },
        }
      : {}),
    ...(profile.showTrustSignals
      ? {
          trust: {
            verified: listed,
            years_experience: profile.yearsExperience,
            member_since: profile.createdAt.toISOString(),
          },
        }
      : {}),
    branding: brandingOf(website, profile.customFonts),
  };
}

/** Coach pages: the public coach page and website, and the coach's own branding. */
export function createCoachPagesService(deps: {
  db: Database;
  repository: CoachPagesRepository;
  clock: Clock;
}) {
  const { db, repository, clock } = deps;

  /** The caller's branding (the endpoints' access let only people holding the coach role in). */
  async function ownBranding(userId: string): Promise<OwnBranding> {
    const row = await repository.findOwnBranding(db, userId);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      ...brandingOf(row.website, row.profile?.customFonts),
      updated_at: row.website ? row.website.updatedAt.toISOString() : null,
      username: row.profile?.username ?? null,
      coach_id: userId,
      enable_live_preview_labels: row.profile?.enableLivePreviewLabels ?? false,
    };
  }

  return {
    /** A coach's public page by username, profile id or user id; anyone else (or no one) is NOT_FOUND. */
    async getCoachPage(ref: string): Promise<CoachPage> {
      const row = await repository.findCoachPage(db, ref);
      if (!row) throw new AppError('NOT_FOUND', 'We could not find a coach at this address.');
      return toCoachPage(row);
    },

    getOwnBranding: ownBranding,

    /** Replaces the caller's website look as a whole (the body schema checked colours and contrast). */
    async saveOwnBranding(userId: string, body: BrandingValues): Promise<OwnBranding> {
      await repository.upsertWebsite(db, userId, {
        primaryColor: body.primary_color,
        accentColor: body.accent_color,
        backgroundColor: body.background_color,
        headline: body.headline,
        sections: body.sections.map((section) =>
          section.type === 'custom'
            ? { type: 'custom', enabled: section.enabled, title: section.title, body: section.body }
            : {
                type: section.type,
                enabled: section.enabled,
                ...(section.title ? { title: section.title } : {}),
              },
        ),
        updatedAt: clock.now(),
      });
      return ownBranding(userId);
    },
  };
}

export type CoachPagesService = ReturnType<typeof createCoachPagesService>;
