import { Button, Form, Input, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FUEL_OPTIONS, MACHINE_LIMITS } from '@jizu/shared/constants/machine';
import { fmt } from '@jizu/shared/messages/fmt';
import { ZDamageItem, ZMachineEnter, ZMachineExit } from '@jizu/shared/schemas/machine';
import { machineUi as T } from '../../texts/machine';
import { inputProps, rulesOf } from '../../ui/formRules';
import { ImagesField } from '../../ui/ImagesField';
import css from './machine.module.css';

/** What an entry or exit inspection adds to its form: the fuel level and the visible damage items. */
export type TInspectionForm = { fuel?: number | null; damage?: { desc: string; photos: string[] }[] };
/** The request's fields from the form's (`enter_` or `exit_` before them). */
export const inspectionBody = (side: 'enter' | 'exit', v: TInspectionForm) => ({
  [`${side}_fuel`]: v.fuel ?? null,
  [`${side}_damage`]: (v.damage ?? []).map((d) => ({ desc: d.desc ?? '', photos: d.photos ?? [] })),
});

/**
 * The inspection's fields of the entry page and the exit dialog: fuel in eighths (a select, as a gauge reads) and
 * a list of damage items, each a description with its photos; the rules come from the shared schemas.
 */
export function InspectionFields({ side }: { side: 'enter' | 'exit' }) {
  const schema = side === 'enter' ? ZMachineEnter : ZMachineExit;
  return (
    <>
      <Form.Item label={T.fuel} name="fuel" extra={T.fuelHint} rules={rulesOf(schema, `${side}_fuel`)}>
        <Select allowClear placeholder={T.fuelPh} options={FUEL_OPTIONS} className={css.fuel} />
      </Form.Item>
      <Form.List name="damage">
        {(fields, { add, remove }) => (
          <Form.Item label={T.damage} className={css.damageList}>
            {fields.map((f, i) => (
              <div key={f.key} className={css.damageItem} data-testid="damage-item">
                <Form.Item
                  name={[f.name, 'desc']}
                  label={fmt(T.damageDesc, { n: i + 1 })}
                  rules={rulesOf(ZDamageItem, 'desc')}
                >
                  <Input placeholder={T.damageDescPh} {...inputProps(ZDamageItem, 'desc')} />
                </Form.Item>
                <Form.Item name={[f.name, 'photos']} label={T.damagePhotos} rules={rulesOf(ZDamageItem, 'photos')}>
                  <ImagesField
                    kind="inout"
                    max={MACHINE_LIMITS.damagePhotosMax}
                    label={T.damagePhotos}
                    width={96}
                    height={72}
                  />
                </Form.Item>
                <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)}>
                  {T.damageRemove}
                </Button>
              </div>
            ))}
            {fields.length < MACHINE_LIMITS.damageMax && (
              <Button icon={<PlusOutlined />} onClick={() => add({ desc: '', photos: [] })}>
                {T.damageAdd}
              </Button>
            )}
          </Form.Item>
        )}
      </Form.List>
    </>
  );
}
