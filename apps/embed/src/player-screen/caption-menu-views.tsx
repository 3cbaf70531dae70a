import type { TextTrack } from '@onair/player';
import {
  CAPTION_OPTIONS,
  captionValueLabel,
  type CaptionOption,
  type CaptionStyle,
} from '../player/caption-options.ts';
import { audioTrackLabel } from './quality-menu.ts';
import type { View } from './settings-menu-types.ts';

/** A text track's name in the menu: its name, else its language in that language (as audio tracks). */
export function textTrackLabel(track: Pick<TextTrack, 'name' | 'language' | 'kind'>): string {
  const label = audioTrackLabel(track);
  return label === 'Audio' ? (track.kind === 'captions' ? 'Captions' : 'Subtitles') : label;
}

interface MenuItemsProps {
  setView(view: View): void;
  close(refocus: boolean): void;
}

/** "‹ Title": back to `to`. */
export function MenuBack({ label, to, setView }: { label: string; to: View; setView(view: View): void }) {
  return (
    <button type="button" className="menu__item menu__back" role="menuitem" onClick={() => setView(to)}>
      ‹ {label}
    </button>
  );
}

/** A menu item that opens another view (→ too), with its current value. */
export function SubmenuItem({
  to,
  label,
  value,
  setView,
}: {
  to: View;
  label: string;
  value: string;
  setView(view: View): void;
}) {
  return (
    <button
      type="button"
      className="menu__item"
      role="menuitem"
      aria-haspopup="menu"
      onClick={() => setView(to)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') {
          event.preventDefault();
          setView(to);
        }
      }}
    >
      <span>{label}</span>
      <span className="menu__value">{value}</span>
    </button>
  );
}

/** Subtitles/CC: Off, each track, and the way to how they look. */
export function SubtitlesView(
  props: MenuItemsProps & { tracks: readonly TextTrack[]; selected: string | null; onTrack(id: string | null): void },
) {
  const choose = (id: string | null) => {
    props.onTrack(id);
    props.close(true);
  };
  return (
    <>
      <MenuBack label="Subtitles/CC" to="main" setView={props.setView} />
      <button
        type="button"
        className="menu__item"
        role="menuitemradio"
        aria-checked={props.selected === null}
        onClick={() => choose(null)}
      >
        Off
      </button>
      {props.tracks.map((track) => (
        <button
          key={track.id}
          type="button"
          className="menu__item"
          role="menuitemradio"
          aria-checked={track.id === props.selected}
          lang={track.language || undefined}
          onClick={() => choose(track.id)}
        >
          {textTrackLabel(track)}
        </button>
      ))}
      <SubmenuItem to="caption-style" label="Caption style" value="" setView={props.setView} />
    </>
  );
}

/** Caption style: each of the FCC's display settings, with its value. */
export function CaptionStyleView({ style, setView }: { style: CaptionStyle; setView(view: View): void }) {
  return (
    <>
      <MenuBack label="Caption style" to="subtitles" setView={setView} />
      {(Object.keys(CAPTION_OPTIONS) as CaptionOption[]).map((option) => (
        <SubmenuItem
          key={option}
          to={option}
          label={CAPTION_OPTIONS[option].label}
          value={captionValueLabel(style[option])}
          setView={setView}
        />
      ))}
    </>
  );
}

/** One setting's choices; a choice applies at once and goes back to the style list. */
export function CaptionOptionView(
  props: Omit<MenuItemsProps, 'close'> & {
    option: CaptionOption;
    style: CaptionStyle;
    onStyle(style: CaptionStyle): void;
  },
) {
  const { option, style } = props;
  const { label, values } = CAPTION_OPTIONS[option];
  return (
    <>
      <MenuBack label={label} to="caption-style" setView={props.setView} />
      {values.map((value: string) => (
        <button
          key={value}
          type="button"
          className="menu__item"
          role="menuitemradio"
          aria-checked={style[option] === value}
          onClick={() => {
            props.onStyle({ ...style, [option]: value });
            props.setView('caption-style');
          }}
        >
          {captionValueLabel(value)}
        </button>
      ))}
    </>
  );
}
