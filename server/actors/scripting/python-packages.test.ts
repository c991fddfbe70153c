import { PackageListSchema, packageName, splitPackageList } from './python-packages';

describe('the packages setting', () => {
  it('splits on lines and commas and drops comments and blanks', () => {
    expect(splitPackageList('pandas\n numpy , requests # http\n\n# only a comment\n')).toEqual(['pandas', 'numpy', 'requests']);
  });

  it('takes the name before extras, versions and markers', () => {
    expect(packageName('requests[socks]>=2.0')).toBe('requests');
    expect(packageName('scikit-learn==1.5')).toBe('scikit-learn');
    expect(packageName('typing_extensions; python_version < "3.12"')).toBe('typing_extensions');
    expect(packageName('>=2')).toBeUndefined();
  });

  it('accepts a string, a list, null or nothing, and refuses an entry that names no package', () => {
    expect(PackageListSchema.parse('a, b\na')).toEqual(['a', 'b']);
    expect(PackageListSchema.parse(['a', 'b, c'])).toEqual(['a', 'b', 'c']);
    expect(PackageListSchema.parse(null)).toEqual([]);
    expect(PackageListSchema.parse(undefined)).toEqual([]);
    expect(PackageListSchema.safeParse('==1').error?.issues[0].message).toBe("'==1' is not a package name");
  });
});
