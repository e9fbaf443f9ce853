/**
 * Date pickers in Chinese: antd's zh_CN locale names the buttons, dayjs names the weekdays and months. Not part of the
 * first loads (providers.tsx): a page with a date picker imports this module for its side effect.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');
