import { UserOutlined } from '@ant-design/icons';

/** A round avatar: the user's image, or the default person icon. */
export function UserAvatar({ src, size = 32 }: { src?: string | null; size?: number }) {
  return (
    <span
      aria-hidden
      style={{
        width: size,
        height: size,
        borderRadius: '50%',
        overflow: 'hidden',
        flex: 'none',
        display: 'inline-grid',
        placeItems: 'center',
        background: src ? '#f0f0f0' : '#1f6feb',
        color: '#fff',
        fontSize: size * 0.5,
      }}
    >
      {src ? <img src={src} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <UserOutlined />}
    </span>
  );
}
