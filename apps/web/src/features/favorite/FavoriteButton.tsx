import { Button } from 'antd';

/**
 * The favourite toggle of a public page (a listing: type 0, a shop: type 1). The favourites part of issue 9 owns it:
 * it reads the state, adds and removes, and sends a stranger to log in. Props are the contract the listing and shop
 * pages use.
 */
export default function FavoriteButton(_props: { type: 0 | 1; targetId: number }) {
  return <Button disabled>收藏</Button>;
}
