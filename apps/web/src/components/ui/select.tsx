import ReactSelect, { createFilter, type GroupBase, type Props } from 'react-select';

/**
 * Select boxes: searchable, clearable where asked, menu at most 300 px high, and
 * matching that ignores case and accents. Styled to the store's inputs.
 */
export function Select<Option, Multi extends boolean = false>(
  props: Props<Option, Multi, GroupBase<Option>>,
) {
  return (
    <ReactSelect
      isSearchable
      maxMenuHeight={300}
      filterOption={createFilter({ ignoreCase: true, ignoreAccents: true })}
      classNames={{
        control: (state) =>
          `!min-h-12 !rounded-xl !border !bg-white !shadow-none ${state.isFocused ? '!border-ink' : '!border-line'}`,
        valueContainer: () => '!px-3',
        placeholder: () => '!text-muted',
        menu: () => '!z-30 !overflow-hidden !rounded-xl !border !border-line !shadow-lg',
        option: (state) =>
          `!cursor-pointer ${state.isSelected ? '!bg-ink !text-paper' : state.isFocused ? '!bg-sand !text-ink' : '!text-ink'}`,
      }}
      {...props}
    />
  );
}
