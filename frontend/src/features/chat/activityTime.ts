/** When a match row was last active: a time of day ('11:42 PM') for today on the person's clock, else a date ('Nov 23'). */
export function activityTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }) : at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}
