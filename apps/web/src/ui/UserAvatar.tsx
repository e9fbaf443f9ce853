import { UserOutlined } from '@ant-design/icons';
import { token } from '../app/theme';

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
        background: src ? token.colorBorderSecondary : token.colorPrimary,
        color: token.colorWhite,
        fontSize: size * 0.5,
      }}
    >
      {src ? <img src={src} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <UserOutlined />}
    </span>
  );
}
