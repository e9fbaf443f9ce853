import { useState } from 'react';
import { Modal, Radio } from 'antd';
import { RECRUIT_STATUS } from '@jizu/shared/constants/recruit';
import { hireUi as T, recruit as R } from '@jizu/shared/messages/recruit';
import s from './recruit.module.css';

/** 结束招聘 (spec/3 §2): operators can no longer contact the hirer; the hirer picks succeeded (3) or closed (4). */
export function EndDialog({
  open,
  loading,
  onCancel,
  onEnd,
}: {
  open: boolean;
  loading: boolean;
  onCancel: () => void;
  onEnd: (sta: 3 | 4) => void;
}) {
  const [sta, setSta] = useState<3 | 4>(RECRUIT_STATUS.succeeded);
  return (
    <Modal
      title={T.endTitle}
      open={open}
      width={460}
      destroyOnHidden
      afterClose={() => setSta(RECRUIT_STATUS.succeeded)}
      onCancel={onCancel}
      okButtonProps={{ loading }}
      onOk={() => onEnd(sta)}
    >
      <p className={s.endNotice}>{R.endNotice}</p>
      <Radio.Group
        value={sta}
        onChange={(e) => setSta(e.target.value as 3 | 4)}
        options={[
          { value: RECRUIT_STATUS.succeeded, label: T.endSucceeded },
          { value: RECRUIT_STATUS.closed, label: T.endClosed },
        ]}
      />
    </Modal>
  );
}
