import { UserOutlined } from '@ant-design/icons';
import s from './UserAvatar.module.css';

/** A round avatar: the user's image, or the default person icon. */
export function UserAvatar({ src, size = 32 }: { src?: string | null; size?: number }) {
  return (
    <span
      aria-hidden
      className={src ? `${s.avatar} ${s.withImage}` : s.avatar}
      style={{ width: size, height: size, fontSize: size * 0.5 }}
    >
      {src ? <img src={src} alt="" className={s.image} /> : <UserOutlined />}
    </span>
  );
}
