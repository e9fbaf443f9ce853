import type { TPayTile } from './pay';
import { palette, token } from '../../app/theme';

/** The payment methods as selectable tiles (logo + name). */
export function PayTypePicker({ options, value, onChange }: { options: TPayTile[]; value: string | null; onChange: (v: string) => void }) {
  return (
    <div role="radiogroup" style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {options.map((o) => {
        const on = value === o.type;
        return (
          <button
            key={o.type}
            type="button"
            role="radio"
            aria-checked={on}
            onClick={() => onChange(o.type)}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              minWidth: 150,
              padding: '10px 16px',
              borderRadius: 8,
              cursor: 'pointer',
              background: on ? palette.primaryTintBg : token.colorWhite,
              border: `1px solid ${on ? token.colorPrimary : token.colorBorder}`,
              boxShadow: on ? `0 0 0 2px ${palette.primaryRing}` : undefined,
              fontSize: 15,
            }}
          >
            <img src={o.logo} alt="" width={24} height={24} />
            {o.name}
          </button>
        );
      })}
    </div>
  );
}
