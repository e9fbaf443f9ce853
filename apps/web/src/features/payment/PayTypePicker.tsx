import type { TPayTile } from './pay';
import s from './PayTypePicker.module.css';

/** The payment methods as selectable tiles (logo + name). */
export function PayTypePicker({
  options,
  value,
  onChange,
}: {
  options: TPayTile[];
  value: string | null;
  onChange: (v: string) => void;
}) {
  return (
    <div role="radiogroup" className={s.tiles}>
      {options.map((o) => {
        const on = value === o.type;
        return (
          <button
            key={o.type}
            type="button"
            role="radio"
            aria-checked={on}
            onClick={() => onChange(o.type)}
            className={on ? `${s.tile} ${s.tileOn}` : s.tile}
          >
            <img src={o.logo} alt="" width={24} height={24} />
            {o.name}
          </button>
        );
      })}
    </div>
  );
}
