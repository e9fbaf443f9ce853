import Spin from 'antd/es/spin';import Button from 'antd/es/button'; console.log(Spin, Button)
