import type { ProfileRow } from './profiles.repository';

/** What a coach's page shows of a profile: alike in the coach's own profile and the public one. */
export function coachPageFields(row: ProfileRow) {
  return {
    professional_title: row.professionalTitle,
    work_experience: row.workExperience,
    short_bio: row.shortBio,
    about_me: row.aboutMe,
    avatar_url: row.avatarUrl,
    cover_image_url: row.coverImageUrl,
    custom_availability_message: row.customAvailabilityMessage,
    show_trust_signals: row.showTrustSignals,
    show_services_prominently: row.showServicesProminently,
    coach_tagline: row.coachTagline,
    enable_follow_button: row.enableFollowButton,
    enable_notify_button: row.enableNotifyButton,
    show_service_badges: row.showServiceBadges,
    enable_live_preview_labels: row.enableLivePreviewLabels,
    custom_fonts: row.customFonts,
    years_experience: row.yearsExperience,
    on_demand_text_price: row.onDemandTextPrice,
    on_demand_audio_price: row.onDemandAudioPrice,
    on_demand_video_price: row.onDemandVideoPrice,
  };
}
