// What the app keeps in localStorage, for the tests that write it directly.

/** Valid values, none of them a default, under every key the app stores (without `duobao.v1.`). */
export const STORED = {
  'prefs.lang': '"en"',
  'prefs.level': '"master"',
  'prefs.turn_seconds': '15',
  'prefs.coordinates': 'false',
  'prefs.table_mode': '"off"',
  'prefs.sound': '"soft"',
  'prefs.hint_button': 'false',
  'prefs.vibration': '"light"',
  'stats.ai.hard.red': '{"wins":2,"losses":1,"draws":0}',
  'stats.pass_and_play': '3',
  game: JSON.stringify({
    mode: { pass_and_play: { bottom: 'red' } },
    turn_seconds: 15,
    game: { start: 'BBB/BB.BB/..T../RR.RR/RRR r - 0', plies: ['b2c2'], redo: [] },
  }),
};
