import type { TPayTile } from './pay';

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
              background: on ? '#f0f6ff' : '#fff',
              border: `1px solid ${on ? '#1f6feb' : '#d9d9d9'}`,
              boxShadow: on ? '0 0 0 2px rgba(31,111,235,.12)' : undefined,
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
