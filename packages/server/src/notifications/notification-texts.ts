import { localeFromOption, type Locale } from '@planner/core';

/** The texts of push notifications, per interface language (docs/notifications.md). */
export interface NotificationTexts {
  untitled: string;
  /** {time}: the event's start in the user's zone. */
  eventStartsAt: string;
  eventStartsNow: string;
  reminderAt: string;
  taskUpNextAt: string;
  taskUpNextNow: string;
  longSession: string;
  nearEnd: string;
  autoExtended: string;
  testTitle: string;
}

export const NOTIFICATION_TEXTS: Readonly<Record<Locale, NotificationTexts>> = {
  en: {
    untitled: '(No title)',
    eventStartsAt: 'Starts at {time}',
    eventStartsNow: 'Starting now',
    reminderAt: 'Reminder for {time}',
    taskUpNextAt: 'Up next at {time}',
    taskUpNextNow: 'Up next now',
    longSession: 'You have been at it for 2 hours. Time for a break?',
    nearEnd: 'Ends in 3 minutes. Need more time?',
    autoExtended: 'Extended by 30 minutes.',
    testTitle: 'Test notification',
  },
  de: {
    untitled: '(Ohne Titel)',
    eventStartsAt: 'Beginnt um {time}',
    eventStartsNow: 'Beginnt jetzt',
    reminderAt: 'Erinnerung für {time}',
    taskUpNextAt: 'Als Nächstes um {time}',
    taskUpNextNow: 'Jetzt als Nächstes',
    longSession: 'Du bist seit 2 Stunden dabei. Zeit für eine Pause?',
    nearEnd: 'Endet in 3 Minuten. Brauchst du mehr Zeit?',
    autoExtended: 'Um 30 Minuten verlängert.',
    testTitle: 'Testbenachrichtigung',
  },
  es: {
    untitled: '(Sin título)',
    eventStartsAt: 'Empieza a las {time}',
    eventStartsNow: 'Empieza ahora',
    reminderAt: 'Recordatorio para las {time}',
    taskUpNextAt: 'A continuación a las {time}',
    taskUpNextNow: 'A continuación, ahora',
    longSession: 'Llevas 2 horas con esto. ¿Un descanso?',
    nearEnd: 'Termina en 3 minutos. ¿Necesitas más tiempo?',
    autoExtended: 'Ampliado 30 minutos.',
    testTitle: 'Notificación de prueba',
  },
  fr: {
    untitled: '(Sans titre)',
    eventStartsAt: 'Commence à {time}',
    eventStartsNow: 'Commence maintenant',
    reminderAt: 'Rappel pour {time}',
    taskUpNextAt: 'Ensuite à {time}',
    taskUpNextNow: 'Ensuite, maintenant',
    longSession: 'Vous y êtes depuis 2 heures. Une pause ?',
    nearEnd: 'Se termine dans 3 minutes. Besoin de plus de temps ?',
    autoExtended: 'Prolongé de 30 minutes.',
    testTitle: 'Notification de test',
  },
  it: {
    untitled: '(Senza titolo)',
    eventStartsAt: 'Inizia alle {time}',
    eventStartsNow: 'Inizia ora',
    reminderAt: 'Promemoria per le {time}',
    taskUpNextAt: 'Il prossimo alle {time}',
    taskUpNextNow: 'Il prossimo, ora',
    longSession: 'Ci lavori da 2 ore. È ora di una pausa?',
    nearEnd: 'Termina tra 3 minuti. Ti serve più tempo?',
    autoExtended: 'Prolungato di 30 minuti.',
    testTitle: 'Notifica di prova',
  },
  pt: {
    untitled: '(Sem título)',
    eventStartsAt: 'Começa às {time}',
    eventStartsNow: 'Começa agora',
    reminderAt: 'Lembrete para as {time}',
    taskUpNextAt: 'A seguir às {time}',
    taskUpNextNow: 'A seguir, agora',
    longSession: 'Você está nisso há 2 horas. Hora de uma pausa?',
    nearEnd: 'Termina em 3 minutos. Precisa de mais tempo?',
    autoExtended: 'Prolongado em 30 minutos.',
    testTitle: 'Notificação de teste',
  },
  ru: {
    untitled: '(Без названия)',
    eventStartsAt: 'Начало в {time}',
    eventStartsNow: 'Начинается сейчас',
    reminderAt: 'Напоминание на {time}',
    taskUpNextAt: 'Далее в {time}',
    taskUpNextNow: 'Далее — сейчас',
    longSession: 'Вы занимаетесь этим уже 2 часа. Пора сделать перерыв?',
    nearEnd: 'Закончится через 3 минуты. Нужно больше времени?',
    autoExtended: 'Продлено на 30 минут.',
    testTitle: 'Тестовое уведомление',
  },
  ja: {
    untitled: '（無題）',
    eventStartsAt: '{time} に開始',
    eventStartsNow: 'まもなく開始',
    reminderAt: '{time} のリマインダー',
    taskUpNextAt: '次は {time} から',
    taskUpNextNow: '次はこちら',
    longSession: '2 時間続けています。休憩しませんか？',
    nearEnd: 'あと 3 分で終了します。時間を延長しますか？',
    autoExtended: '30 分延長しました。',
    testTitle: 'テスト通知',
  },
  ko: {
    untitled: '(제목 없음)',
    eventStartsAt: '{time}에 시작',
    eventStartsNow: '지금 시작',
    reminderAt: '{time} 리마인더',
    taskUpNextAt: '다음 작업: {time}',
    taskUpNextNow: '다음 작업: 지금',
    longSession: '2시간째 진행 중입니다. 잠시 쉬어 갈까요?',
    nearEnd: '3분 후 종료됩니다. 시간이 더 필요하신가요?',
    autoExtended: '30분 연장되었습니다.',
    testTitle: '테스트 알림',
  },
  zh_cn: {
    untitled: '（无标题）',
    eventStartsAt: '{time} 开始',
    eventStartsNow: '即将开始',
    reminderAt: '{time} 的提醒',
    taskUpNextAt: '下一项：{time}',
    taskUpNextNow: '下一项：现在',
    longSession: '你已经持续 2 小时了，休息一下吧？',
    nearEnd: '3 分钟后结束，需要更多时间吗？',
    autoExtended: '已延长 30 分钟。',
    testTitle: '测试通知',
  },
};

/** The user's language for texts sent while no device is asked: 'local' falls back to English. */
export function notificationLocale(localeOption: string): Locale {
  return localeFromOption(localeOption, 'en');
}

/** BCP 47 tag of a locale, for Intl. */
function languageTag(locale: Locale): string {
  return locale === 'zh_cn' ? 'zh-CN' : locale;
}

/** A clock time in the user's zone, in the user's time format ('local' follows the language). */
export function formatTime(at: number, locale: Locale, timeZone: string, timeFormat: string) {
  const hour12 =
    timeFormat === '12-hour clock' ? true : timeFormat === '24-hour clock' ? false : undefined;
  return new Intl.DateTimeFormat(languageTag(locale), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    ...(hour12 === undefined ? {} : { hour12 }),
  }).format(at);
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
