// Drag (the swipe card) needs the full set: animations, exits, gestures, drag and layout.
export { domMax as default } from 'motion/react';
