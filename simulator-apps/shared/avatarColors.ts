/**
 * The colours avatars are drawn in. Seeds pick a colour by index from these lists, so each
 * list stays as it is (a merged list would change every seeded state): people in 轻聊 and 电话
 * (seeded from the same people), 小橙书's authors, 钱包's payees, and a contact added in 电话.
 */

export const AVATAR_COLORS: readonly string[] = [
  '#5B8FF9', '#5AD8A6', '#F6BD16', '#7262FD', '#78D3F8', '#9661BC',
  '#F6903D', '#008685', '#F08BB4', '#65789B', '#E8684A', '#6DC8EC',
  '#3BA272', '#D4A017', '#C05BA4', '#4B7BE5',
];

export const AUTHOR_AVATAR_COLORS: readonly string[] = ['#ff6b57', '#f7a23b', '#4fb7a8', '#6d8cf5', '#c77dff', '#ff8fab', '#3fa34d', '#e07a5f', '#5e60ce', '#f4a261', '#2a9d8f', '#b5838d'];

export const PAYEE_AVATAR_COLORS: readonly string[] = ['#5B8FF9', '#5AD8A6', '#F6BD16', '#E8684A', '#6DC8EC', '#9270CA', '#FF9D4D', '#269A99'];

/** A contact added in 电话 takes the colour of its serial (`ct_042` → index 42 % 6). */
export const NEW_CONTACT_COLORS: readonly string[] = ['#5B8FF9', '#61B15A', '#F6903D', '#9270CA', '#E8684A', '#269A99'];
