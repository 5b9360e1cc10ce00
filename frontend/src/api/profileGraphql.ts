import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { KinkAudience, KinkVisibility, NotificationPreferences } from '@nocturne/contracts';
import { Genders, Interests, Kinks } from '@nocturne/contracts/catalogues';
import { sharedApolloClient } from './apolloClient';

export interface Catalogues {
  kinks: string[];
  interests: string[];
  genders: string[];
}

export const CATALOGUES: TypedDocumentNode<{ catalogues: Catalogues }> = gql`
  query Catalogues {
    catalogues {
      kinks
      interests
      genders
    }
  }
`;

const UPDATE_NOTIFICATION_PREFERENCES: TypedDocumentNode<
  { updateNotificationPreferences: { id: number; notificationPreferences: NotificationPreferences } },
  { input: NotificationPreferences }
> = gql`
  mutation UpdateNotificationPreferences($input: NotificationPreferencesInput!) {
    updateNotificationPreferences(input: $input) {
      id
      notificationPreferences {
        matches
        messages
        likes
        marketing
      }
    }
  }
`;

const SET_TIME_ZONE: TypedDocumentNode<{ setTimeZone: { id: number; timeZone: string | null } }, { zone: string }> = gql`
  mutation SetTimeZone($zone: String!) {
    setTimeZone(zone: $zone) {
      id
      timeZone
    }
  }
`;

const REMOVE_PHOTO: TypedDocumentNode<{ removePhoto: { id: number } }, { id: string }> = gql`
  mutation RemovePhoto($id: ID!) {
    removePhoto(id: $id) {
      id
    }
  }
`;

type KinkAudienceEnum = 'EVERYONE' | 'SHARERS';
interface KinkVisibilityData {
  audience: KinkAudienceEnum;
  perKink: Array<{ kink: string; audience: KinkAudienceEnum }>;
}
const fromEnum = (audience: KinkAudienceEnum): KinkAudience => (audience === 'SHARERS' ? 'sharers' : 'everyone');
const toEnum = (audience: KinkAudience): KinkAudienceEnum => (audience === 'sharers' ? 'SHARERS' : 'EVERYONE');
const visibilityFromData = (data: KinkVisibilityData): KinkVisibility => ({
  audience: fromEnum(data.audience),
  perKink: data.perKink.map((choice) => ({ kink: choice.kink, audience: fromEnum(choice.audience) })),
});

const KINK_VISIBILITY: TypedDocumentNode<{ me: { id: number; kinkVisibility: KinkVisibilityData | null } | null }> = gql`
  query KinkVisibility {
    me {
      id
      kinkVisibility {
        audience
        perKink {
          kink
          audience
        }
      }
    }
  }
`;

const SET_KINK_VISIBILITY: TypedDocumentNode<{ setKinkVisibility: { id: number; kinkVisibility: KinkVisibilityData | null } }, { input: KinkVisibilityData }> = gql`
  mutation SetKinkVisibility($input: KinkVisibilityInput!) {
    setKinkVisibility(input: $input) {
      id
      kinkVisibility {
        audience
        perKink {
          kink
          audience
        }
      }
    }
  }
`;

/** Who sees the signed-in person's kinks, as the server keeps it; null until it arrives. */
export async function fetchKinkVisibility(): Promise<KinkVisibility> {
  const { data } = await sharedApolloClient().query({ query: KINK_VISIBILITY, fetchPolicy: 'network-only' });
  const visibility = data?.me?.kinkVisibility;
  if (!visibility) throw new Error('Kink privacy could not be loaded');
  return visibilityFromData(visibility);
}

export async function saveKinkVisibility(visibility: KinkVisibility): Promise<KinkVisibility> {
  const input = { audience: toEnum(visibility.audience), perKink: visibility.perKink.map((choice) => ({ kink: choice.kink, audience: toEnum(choice.audience) })) };
  const { data } = await sharedApolloClient().mutate({ mutation: SET_KINK_VISIBILITY, variables: { input } });
  if (!data?.setKinkVisibility.kinkVisibility) throw new Error('Kink privacy was not saved');
  return visibilityFromData(data.setKinkVisibility.kinkVisibility);
}

const PUBLIC_CITY: TypedDocumentNode<{ me: { id: number; publicCity: string | null } | null }> = gql`
  query PublicCity {
    me {
      id
      publicCity
    }
  }
`;

const SET_PUBLIC_CITY: TypedDocumentNode<{ setPublicCity: { id: number; publicCity: string | null } }, { city: string | null }> = gql`
  mutation SetPublicCity($city: String) {
    setPublicCity(city: $city) {
      id
      publicCity
    }
  }
`;

/** The city the signed-in person shows on their card (null: none). */
export async function fetchPublicCity(): Promise<string | null> {
  const { data } = await sharedApolloClient().query({ query: PUBLIC_CITY, fetchPolicy: 'network-only' });
  if (!data?.me) throw new Error('Your city could not be loaded');
  return data.me.publicCity;
}

export async function savePublicCity(city: string | null): Promise<string | null> {
  const { data } = await sharedApolloClient().mutate({ mutation: SET_PUBLIC_CITY, variables: { city } });
  if (!data) throw new Error('Your city was not saved');
  return data.setPublicCity.publicCity;
}

/** The same canonical lists the server serves, compiled into the bundle: used only if the server cannot answer. */
export const bundledCatalogues: Catalogues = { kinks: [...Kinks], interests: [...Interests], genders: [...Genders] };

/** The server's kink, interest and gender lists; `loading` until they arrive. */
export function useCatalogues(): { catalogues: Catalogues; loading: boolean } {
  const { data, loading, error } = useQuery(CATALOGUES, { client: sharedApolloClient() });
  if (data) return { catalogues: data.catalogues, loading: false };
  return { catalogues: bundledCatalogues, loading: loading && !error };
}

export async function saveNotificationPreferences(input: NotificationPreferences): Promise<NotificationPreferences> {
  const { data } = await sharedApolloClient().mutate({ mutation: UPDATE_NOTIFICATION_PREFERENCES, variables: { input } });
  if (!data) throw new Error('Notification preferences were not saved');
  return data.updateNotificationPreferences.notificationPreferences;
}

/** The swipe window and the nightly quota reset follow the person's own zone (decisions.md): the browser's. */
export async function sendTimeZone(zone: string): Promise<void> {
  await sharedApolloClient().mutate({ mutation: SET_TIME_ZONE, variables: { zone } });
}

export async function removePhoto(id: string): Promise<void> {
  await sharedApolloClient().mutate({ mutation: REMOVE_PHOTO, variables: { id } });
}
