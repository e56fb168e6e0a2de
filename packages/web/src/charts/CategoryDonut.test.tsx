import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CategoryDonut, { centerParts } from './CategoryDonut';

const SLICES = [
  { id: 'work', label: 'Work', value: 364, color: '#1e88e5' },
  { id: 'home', label: 'Home', value: 336, color: '#43a047' },
];

describe('CategoryDonut', () => {
  it('is no Tab stop and stays out of the accessibility tree: the legend says it all', () => {
    const { container } = render(
      <CategoryDonut slices={SLICES} formatValue={String} center="11 h 40 min" />,
    );
    const donut = screen.getByTestId('analysis-donut');
    expect(donut).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelectorAll('[tabindex]:not([tabindex="-1"])')).toHaveLength(0);
  });

  it('keeps each number with its unit in the centre', () => {
    render(<CategoryDonut slices={SLICES} formatValue={String} center="11 h 40 min" />);
    const parts = [...screen.getByTestId('analysis-donut-center').children];
    expect(parts.map((part) => part.textContent)).toEqual(['11 h', '40 min']);
    expect(centerParts('4 Std. 15 Min.')).toEqual(['4 Std.', '15 Min.']);
    expect(centerParts('11時間40分')).toEqual(['11時間40分']);
  });
});
