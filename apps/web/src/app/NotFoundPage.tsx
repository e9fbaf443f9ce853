import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import * as T from '../texts/common';
import s from './NotFoundPage.module.css';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className={s.page}>
      <Result
        status="404"
        title="404"
        subTitle={T.notFound.text}
        extra={[
          <Button type="primary" key="home" onClick={() => navigate('/')}>
            {T.notFound.home}
          </Button>,
          <Button key="back" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
            {T.notFound.back}
          </Button>,
        ]}
      />
    </div>
  );
}
