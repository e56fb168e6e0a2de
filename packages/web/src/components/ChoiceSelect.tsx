import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
  /** The language the label is written in, when not the page's (language names). */
  lang?: string;
}

/** A compact select named by its row's label. */
export function ChoiceSelect<V extends string | number>({
  labelId,
  value,
  choices,
  onChange,
  name,
}: {
  labelId: string;
  value: V;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  /** Marks the control for tests and screenshots. */
  name: string;
}) {
  const index = choices.findIndex((choice) => choice.value === value);
  return (
    <Select
      size="small"
      labelId={labelId}
      value={index < 0 ? '' : String(index)}
      onChange={(event) => {
        const choice = choices[Number(event.target.value)];
        if (choice) onChange(choice.value);
      }}
      sx={{ minWidth: 200, maxWidth: '100%' }}
      data-setting={name}
    >
      {choices.map((choice, i) => (
        <MenuItem key={String(choice.value)} value={String(i)} lang={choice.lang}>
          {choice.label}
        </MenuItem>
      ))}
    </Select>
  );
}
