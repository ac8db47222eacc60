import { EventBus } from '../src/events/bus';

describe('event bus', () => {
  it('delivers each event to its own listeners with the payload', () => {
    const bus = new EventBus();
    const logo = jest.fn();
    const profile = jest.fn();
    bus.on('logo-updated', logo);
    bus.on('profile-updated', profile);
    bus.emit('logo-updated', { logoPath: 'https://cdn/logo.png' });
    expect(logo).toHaveBeenCalledWith({ logoPath: 'https://cdn/logo.png' });
    expect(profile).not.toHaveBeenCalled();
  });

  it('stops delivering after unsubscribe', () => {
    const bus = new EventBus();
    const listener = jest.fn();
    const off = bus.on('subscription-updated', listener);
    bus.emit('subscription-updated');
    off();
    bus.emit('subscription-updated');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering when one listener throws', () => {
    const bus = new EventBus();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = jest.fn();
    bus.on('profile-updated', () => {
      throw new Error('boom');
    });
    bus.on('profile-updated', after);
    bus.emit('profile-updated');
    expect(after).toHaveBeenCalled();
    spy.mockRestore();
  });
});
