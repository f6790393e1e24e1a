/** What each file of the data download holds, for the person who opens it. */
export function exportReadme(day: string): string {
  return `Your Bevy data, as of ${day}

Everything Bevy holds about you, in files you can open with any text editor or spreadsheet.
Times are in UTC (ISO 8601); amounts ending in _cents are US cents.

README.txt                   This file.
profile.json                 Your account: name, email, date of birth, wholesale access, and the
                             producers you work at, if any.
saved-addresses.json         The addresses you saved for checkout.
orders.json                  Every order you placed, with its lines, addresses, contact details,
                             amounts, refunds and status history.
orders.csv                   The same orders, one a row, for a spreadsheet.
order-lines.csv              The lines of those orders, one a row.
payments.json                Each payment attempt (checkout): when, how much, and its outcome.
                             Card numbers are never stored by Bevy.
club-memberships.json        Your club memberships and subscriptions, with the card they charge
                             (brand and last four digits only), your consent to renewal, and each
                             shipment.
tickets.json                 Your event tickets and waitlist places.
marketing.json               The producers you follow, your marketing consents with their evidence
                             (the words you agreed to, when, from which address), the marketing
                             emails you were sent, and invitations addressed to you.
wholesale-applications.json  Your wholesale applications; the licence files you uploaded are in
                             the wholesale/ folder.
account-activity.json        Your sessions (when, which browser, which address), your log-ins,
                             email changes you asked for, and the emails we sent you (subjects
                             and dates). Failed log-in attempts are left out: they may be others'.
privacy-requests.json        Your privacy requests, this download included.

Left out on purpose: your password (we only keep a hash of it, and not even that is exported),
secret link tokens, and anything about other people, such as producers' staff.
Questions: reply to any Bevy email or use the privacy request form.
`;
}
