import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import * as T from '../texts/common';
import { token } from './theme';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: token.colorWhite, padding: 16 }}>
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
