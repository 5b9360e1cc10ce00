import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Genders, Interests, Kinks, type NotificationPreferences } from '@nocturne/contracts';
import { browserTimeZone } from '../time/swipeWindow';
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

/** The swipe window and the nightly quota reset follow the person's own zone (decisions.md). */
export async function sendTimeZone(zone: string = browserTimeZone()): Promise<void> {
  await sharedApolloClient().mutate({ mutation: SET_TIME_ZONE, variables: { zone } });
}

export async function removePhoto(id: string): Promise<void> {
  await sharedApolloClient().mutate({ mutation: REMOVE_PHOTO, variables: { id } });
}
